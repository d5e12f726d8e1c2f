#!/usr/bin/python3
"""A VoIP-style call over the agent's D-Bus API with PyGObject's Gio (Debian: python3-gi).

Registers as play-and-record / voice-chat, becomes active, pauses when another call (a legacy
phone stream, a second call app) interrupts it, resumes when that ends with should-resume, then
hangs up with notify-others. When the agent restarts meanwhile it registers again with its token's
secret and becomes active again. The same steps, and the same lines, as Examples/c/voip-call.c:

    /usr/bin/python3 voip-call.py [--seconds N]    # exit 3 when no interruption comes within N s

docs/dbus-api.md is the contract this follows: the session signals come only to the connection
that registered, so the whole call keeps one connection (Gio's shared session bus).
"""
import argparse
import sys

from gi.repository import Gio, GLib

AGENT = "org.audiosession.Agent"
PATH = "/org/audiosession/Agent"
INTERFACE = "org.audiosession.Agent1"


def describe(error):
    """A D-Bus error as the agent sent it: its message, then its name."""
    name = Gio.DBusError.get_remote_error(error)
    if not name:
        return error.message
    return f"{error.message.removeprefix(f'GDBus.Error:{name}: ')} ({name})"


class VoipCall:
    def __init__(self, bus, loop):
        self.bus = bus
        self.loop = loop
        self.exit_status = 0
        self.session = None
        self.agent_owner = None
        self.token = None
        self.secret = None
        self.preferred_input = None
        self.active = False

    def call(self, method, parameters=None):
        """Calls the agent and returns its reply as a tuple; raises GLib.Error with the agent's message."""
        reply = self.bus.call_sync(AGENT, PATH, INTERFACE, method, parameters, None,
                                   Gio.DBusCallFlags.NONE, -1, None)
        return reply.unpack()

    def register(self):
        """RegisterSessionWithSecret, then the configuration: after an agent restart, with the token
        and secret the previous agent gave, so the new one gives the same token back."""
        properties = {"application-id": GLib.Variant("s", "org.audiosession.examples.PythonVoipCall")}
        if self.token and self.secret:
            properties["stream-token"] = GLib.Variant("s", self.token)
            properties["stream-token-secret"] = GLib.Variant("s", self.secret)
        self.session, self.token, self.secret, _nonce = self.call(
            "RegisterSessionWithSecret", GLib.Variant("(a{sv})", (properties,)))
        self.agent_owner = self.bus.call_sync(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
            GLib.Variant("(s)", (AGENT,)), GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, -1, None).unpack()[0]
        self.call("SetConfiguration", GLib.Variant(
            "(sssas)", (self.session, "play-and-record", "voice-chat", ["allow-bluetooth-hfp"])))

    def start(self):
        # The agent's signals (the session ones come to this connection only, the broadcasts to
        # all) and its name: a new owner is a restarted agent (docs/dbus-api.md, "When the agent restarts").
        self.bus.signal_subscribe(AGENT, INTERFACE, None, PATH, None, Gio.DBusSignalFlags.NONE,
                                  self.on_signal)
        self.bus.signal_subscribe("org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged",
                                  "/org/freedesktop/DBus", AGENT, Gio.DBusSignalFlags.NONE, self.on_agent_name)
        self.register()
        self.call("Activate", GLib.Variant("(s)", (self.session,)))
        self.active = True
        (inputs, outputs), = self.call("GetCurrentRoute", GLib.Variant("(s)", (self.session,)))
        print("route:")
        for side, ports in (("outputs", outputs), ("inputs", inputs)):
            described = " ".join(f"{uid} ({kind}, {channels} channels)" for _name, uid, kind, channels in ports)
            print(f"  {side}: {described or 'none'}", flush=True)
        # The microphones an input picker would offer; the first becomes the call's preferred input.
        (inputs,) = self.call("GetAvailableInputs", GLib.Variant("(s)", (self.session,)))
        described = " ".join(f"{uid} ({kind}, {channels} channels)" for _name, uid, kind, channels in inputs)
        print(f"available inputs: {described or 'none'}", flush=True)
        if inputs:
            self.preferred_input = inputs[0][1]
            self.call("SetPreferredInput", GLib.Variant("(ss)", (self.session, self.preferred_input)))
            print(f"preferred input: {self.preferred_input}", flush=True)
        # Said last: from here on the call only waits for the agent's signals (a test may stop the
        # agent once it reads this line; a query still under way would then fail).
        print(f"call active (tag streams with audiosession.token={self.token})", flush=True)

    def on_agent_name(self, _bus, _sender, _path, _interface, _member, parameters):
        _name, old_owner, new_owner = parameters.unpack()
        if old_owner and old_owner == self.agent_owner:
            # The session died with that agent; the call plays on without policy meanwhile.
            self.session = self.agent_owner = None
            print("media services lost: agent", flush=True)
        if not new_owner or self.session is not None:
            return
        try:
            self.register()
            if self.preferred_input:
                self.call("SetPreferredInput", GLib.Variant("(ss)", (self.session, self.preferred_input)))
            if self.active:
                self.call("Activate", GLib.Variant("(s)", (self.session,)))
            print(f"media services reset: agent (token {self.token})", flush=True)
        except GLib.Error as error:
            # InsufficientPriority: a call began meanwhile; that is this call's interruption.
            print(f"could not register again: {describe(error)}", flush=True)

    def on_signal(self, _bus, sender, _path, _interface, member, parameters):
        if sender != self.agent_owner:
            return  # only the agent instance this session registered with speaks for it
        arguments = parameters.unpack()
        if member in ("MediaServicesLost", "MediaServicesReset"):
            # The sound server went away or came back; the session stays registered and active.
            print(f"media services {'lost' if member.endswith('Lost') else 'reset'}: sound-server", flush=True)
            return
        if not arguments or arguments[0] != self.session:
            return  # broadcasts for monitors, or another session
        if member == "InterruptionBegan":
            self.active = False
            print(f"interrupted: {arguments[1]} (the call is on hold)", flush=True)
        elif member == "InterruptionEnded":
            should_resume = arguments[1]
            print(f"interruption ended: should-resume={'yes' if should_resume else 'no'}", flush=True)
            if should_resume:
                self.resume()
            self.hang_up()
        elif member == "RouteChanged":
            print(f"route changed: {arguments[1]}", flush=True)
        elif member == "SecondaryAudioHint":
            print(f"secondary audio hint: {arguments[1]}", flush=True)
        # Members a newer agent adds are ignored, as the contract asks.

    def resume(self):
        try:
            self.call("Activate", GLib.Variant("(s)", (self.session,)))
            self.active = True
            print("resumed: the call is active again", flush=True)
        except GLib.Error as error:
            print(f"could not resume: {describe(error)}", flush=True)
            self.exit_status = 1

    def hang_up(self):
        try:
            self.call("Deactivate", GLib.Variant("(sb)", (self.session, True)))
            self.active = False
            print("call ended: deactivated, others notified", flush=True)
        except GLib.Error as error:
            print(f"could not deactivate: {describe(error)}", flush=True)
            self.exit_status = 1
        self.loop.quit()

    def give_up(self, seconds):
        print(f"no interruption within {seconds} s", flush=True)
        self.exit_status = 3
        self.loop.quit()
        return GLib.SOURCE_REMOVE


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=60, help="give up after this long without an interruption")
    arguments = parser.parse_args()
    loop = GLib.MainLoop()
    try:
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        call = VoipCall(bus, loop)
        call.start()
    except GLib.Error as error:
        # ServiceUnknown: the agent is neither running nor installed for D-Bus activation.
        print(f"voip-call: {describe(error)}", file=sys.stderr)
        return 1
    GLib.timeout_add_seconds(arguments.seconds, call.give_up, arguments.seconds)
    loop.run()
    if call.session is not None:
        try:
            call.call("UnregisterSession", GLib.Variant("(s)", (call.session,)))
        except GLib.Error:
            pass  # the agent went away: the session ended with it
    return call.exit_status


if __name__ == "__main__":
    sys.exit(main())
