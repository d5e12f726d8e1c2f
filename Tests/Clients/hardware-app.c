/* An app that prefers hardware values and holds its session until it is killed: registers a
 * playback session with the agent over libdbus, sets its preferences (sample rate, I/O buffer
 * duration: argv[1], argv[2]), activates, prints "active" and waits. The test SIGKILLs it. */
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static DBusMessage *agent_call(const char *method) {
    return dbus_message_new_method_call("org.audiosession.Agent", "/org/audiosession/Agent", "org.audiosession.Agent1", method);
}

static DBusMessage *send_or_die(DBusConnection *bus, DBusMessage *call) {
    DBusError error;
    dbus_error_init(&error);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, call, 30000, &error);
    dbus_message_unref(call);
    if (!reply) {
        fprintf(stderr, "%s: %s\n", error.name, error.message);
        exit(1);
    }
    return reply;
}

static void add_entry(DBusMessageIter *dict, const char *key, int type, const char *signature, const void *value) {
    DBusMessageIter entry, variant;
    dbus_message_iter_open_container(dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key);
    dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, signature, &variant);
    dbus_message_iter_append_basic(&variant, type, value);
    dbus_message_iter_close_container(&entry, &variant);
    dbus_message_iter_close_container(dict, &entry);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: hardware-app SAMPLE-RATE IO-BUFFER-SECONDS\n");
        return 2;
    }
    dbus_uint32_t rate = (dbus_uint32_t)strtoul(argv[1], NULL, 10);
    double seconds = strtod(argv[2], NULL);
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!bus) {
        fprintf(stderr, "%s\n", error.message);
        return 1;
    }

    DBusMessage *call = agent_call("RegisterSession");
    DBusMessageIter args, dict;
    dbus_message_iter_init_append(call, &args);
    dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &dict);
    dbus_message_iter_close_container(&args, &dict);
    DBusMessage *reply = send_or_die(bus, call);
    const char *session = NULL, *token = NULL;
    dbus_message_get_args(reply, &error, DBUS_TYPE_STRING, &session, DBUS_TYPE_STRING, &token, DBUS_TYPE_INVALID);

    call = agent_call("SetConfiguration");
    const char *category = "playback", *mode = "default";
    const char **options = NULL;
    dbus_message_append_args(call, DBUS_TYPE_STRING, &session, DBUS_TYPE_STRING, &category, DBUS_TYPE_STRING, &mode,
                             DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &options, 0, DBUS_TYPE_INVALID);
    dbus_message_unref(send_or_die(bus, call));

    call = agent_call("SetPreferredHardware");
    dbus_message_iter_init_append(call, &args);
    dbus_message_iter_append_basic(&args, DBUS_TYPE_STRING, &session);
    dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &dict);
    add_entry(&dict, "sample-rate", DBUS_TYPE_UINT32, "u", &rate);
    add_entry(&dict, "io-buffer-duration", DBUS_TYPE_DOUBLE, "d", &seconds);
    dbus_message_iter_close_container(&args, &dict);
    dbus_message_unref(send_or_die(bus, call));

    call = agent_call("Activate");
    dbus_message_append_args(call, DBUS_TYPE_STRING, &session, DBUS_TYPE_INVALID);
    dbus_message_unref(send_or_die(bus, call));
    dbus_message_unref(reply);

    printf("active\n");
    fflush(stdout);
    for (;;) pause();
}
