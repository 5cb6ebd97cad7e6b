"""Textual's own words that the app shows (its system commands in the command palette,
its widgets' labels): listed here so that they are in the catalogs; ``tr`` translates
them where the app hands them on."""

from .translator import N_

SYSTEM_COMMANDS = (
    N_("Bell"), N_("Ring the bell"),
    N_("Theme"), N_("Change the current theme"),
    N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
)

# The command palette's key in the footer, and its tooltip (Textual adds that binding).
FOOTER = (N_("palette"), N_("Open the command palette"),
          N_("Dismiss menu"))      # an open Select's own key
