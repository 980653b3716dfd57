#!/usr/bin/python3
"""A GTK text editor for the insertion tests: one window whose text view has the focus, like a
desktop EMR's note field. Whatever lands in it is written to the file named by the second
argument at every change, so the test reads back exactly what the program received.
Usage: gtk-editor.py TITLE OUTPUT_FILE"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

title, output = sys.argv[1], sys.argv[2]


def save(buffer):
    start, end = buffer.get_bounds()
    with open(output + ".tmp", "w", encoding="utf-8") as file:
        file.write(buffer.get_text(start, end, True))
    # Renamed into place: the test never reads a half-written file.
    import os

    os.replace(output + ".tmp", output)


GLib.set_prgname("scribe-test-editor")
window = Gtk.Window(title=title)
window.set_default_size(600, 400)
view = Gtk.TextView()
view.get_buffer().connect("changed", save)
scroll = Gtk.ScrolledWindow()
scroll.add(view)
window.add(scroll)
window.connect("destroy", Gtk.main_quit)
window.show_all()
view.grab_focus()
save(view.get_buffer())
Gtk.main()
