#!/usr/bin/python3
"""A password manager's copy on X11, as KeePassXC and KWallet make it: the password as text,
with the KDE hint that asks clipboard histories not to keep it (x-kde-passwordManagerHint:
secret). Owns the CLIPBOARD selection until another program takes it or it is stopped.
Usage: password-manager.py PASSWORD"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

password = sys.argv[1]
clipboard = Gdk.Atom.intern("CLIPBOARD", False)
targets = ["UTF8_STRING", "text/plain;charset=utf-8", "TEXT", "STRING", "x-kde-passwordManagerHint"]
owner = Gtk.Invisible()
for info, target in enumerate(targets):
    Gtk.selection_add_target(owner, clipboard, Gdk.Atom.intern(target, False), info)


def answer(widget, data, info, time):
    if targets[info] == "x-kde-passwordManagerHint":
        data.set(Gdk.Atom.intern(targets[info], False), 8, b"secret")
    else:
        data.set_text(password, -1)


owner.connect("selection-get", answer)
owner.connect("selection-clear-event", lambda *args: Gtk.main_quit())
if not Gtk.selection_owner_set(owner, clipboard, Gdk.CURRENT_TIME):
    sys.exit("could not own the clipboard")
print("holding", flush=True)
Gtk.main()
