#!/usr/bin/python3
"""A stand-in for logind on a private system bus (DBUS_SYSTEM_BUS_ADDRESS), for tests.

Serves org.freedesktop.login1 at /org/freedesktop/login1 with the Manager's Inhibit method
(returns the write end of a pipe; the stand-in watches the read end to see it closed) and the
PrepareForSleep(b) signal; /org/freedesktop/login1/user/self with the User's Display property
naming the session c1; /org/freedesktop/login1/session/c1 with the Session's LockedHint property.
A control interface for the test, org.audiosession.Test.Login1 at /org/freedesktop/login1:
PrepareForSleep(b) emits the signal; Inhibitors() returns (open, released) counts; SetLocked(b)
changes LockedHint and emits PropertiesChanged.
"""
import os
import sys

from gi.repository import Gio, GLib

INTROSPECTION = """
<node>
  <interface name="org.freedesktop.login1.Manager">
    <method name="Inhibit">
      <arg type="s" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/>
      <arg type="h" direction="out"/>
    </method>
    <signal name="PrepareForSleep"><arg type="b"/></signal>
  </interface>
  <interface name="org.audiosession.Test.Login1">
    <method name="PrepareForSleep"><arg type="b" direction="in"/></method>
    <method name="SetLocked"><arg type="b" direction="in"/></method>
    <method name="Inhibitors"><arg type="u" direction="out"/><arg type="u" direction="out"/></method>
  </interface>
</node>
"""
PATH = "/org/freedesktop/login1"
USER = """
<node>
  <interface name="org.freedesktop.login1.User">
    <property name="Display" type="(so)" access="read"/>
  </interface>
</node>
"""
SESSION = """
<node>
  <interface name="org.freedesktop.login1.Session">
    <property name="LockedHint" type="b" access="read"/>
  </interface>
</node>
"""
SESSION_PATH = "/org/freedesktop/login1/session/c1"


class Login1:
    def __init__(self, connection):
        self.connection = connection
        self.open = 0
        self.released = 0
        self.locked = False

    def get_user_property(self, connection, sender, path, interface, name):
        return GLib.Variant("(so)", ("c1", SESSION_PATH))

    def get_session_property(self, connection, sender, path, interface, name):
        return GLib.Variant("b", self.locked)

    def call(self, connection, sender, path, interface, method, parameters, invocation):
        if method == "Inhibit":
            what, who, why, mode = parameters.unpack()
            read_end, write_end = os.pipe()
            self.open += 1
            print(f"inhibitor taken: {what} {who} {mode}", flush=True)
            GLib.io_add_watch(read_end, GLib.PRIORITY_DEFAULT, GLib.IOCondition.HUP | GLib.IOCondition.IN, self.closed)
            fds = Gio.UnixFDList.new()
            index = fds.append(write_end)
            os.close(write_end)
            invocation.return_value_with_unix_fd_list(GLib.Variant("(h)", (index,)), fds)
        elif interface == "org.audiosession.Test.Login1" and method == "PrepareForSleep":
            (sleeping,) = parameters.unpack()
            print(f"PrepareForSleep({sleeping})", flush=True)
            connection.emit_signal(
                None, PATH, "org.freedesktop.login1.Manager", "PrepareForSleep", GLib.Variant("(b)", (sleeping,)))
            invocation.return_value(None)
        elif method == "SetLocked":
            (self.locked,) = parameters.unpack()
            print(f"LockedHint={self.locked}", flush=True)
            connection.emit_signal(
                None, SESSION_PATH, "org.freedesktop.DBus.Properties", "PropertiesChanged",
                GLib.Variant("(sa{sv}as)", ("org.freedesktop.login1.Session", {"LockedHint": GLib.Variant("b", self.locked)}, [])))
            invocation.return_value(None)
        elif method == "Inhibitors":
            invocation.return_value(GLib.Variant("(uu)", (self.open, self.released)))
        else:
            invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", method)

    def closed(self, fd, condition):
        # Every writer gone: the read end reports end of file (or a hang-up).
        if os.read(fd, 1) != b"":
            return True
        os.close(fd)
        self.open -= 1
        self.released += 1
        print("inhibitor released", flush=True)
        return False


def main():
    address = os.environ["DBUS_SYSTEM_BUS_ADDRESS"]
    connection = Gio.DBusConnection.new_for_address_sync(
        address,
        Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)
    node = Gio.DBusNodeInfo.new_for_xml(INTROSPECTION)
    login1 = Login1(connection)
    for interface in node.interfaces:
        connection.register_object(PATH, interface, login1.call, None, None)
    connection.register_object(
        "/org/freedesktop/login1/user/self", Gio.DBusNodeInfo.new_for_xml(USER).interfaces[0], None,
        login1.get_user_property, None)
    connection.register_object(
        SESSION_PATH, Gio.DBusNodeInfo.new_for_xml(SESSION).interfaces[0], None, login1.get_session_property, None)
    loop = GLib.MainLoop()

    def acquired(_connection, _name):
        print("ready", flush=True)

    def lost(_connection, _name):
        print("name lost", flush=True)
        loop.quit()

    Gio.bus_own_name_on_connection(connection, "org.freedesktop.login1", Gio.BusNameOwnerFlags.NONE, acquired, lost)
    loop.run()
    return 1


if __name__ == "__main__":
    sys.exit(main())
