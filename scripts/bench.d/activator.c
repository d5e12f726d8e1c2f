/* The activation round trip of the agent's D-Bus API, as apps see it.
 *
 *   activator SESSIONS REPS
 *
 * Opens SESSIONS connections to the session bus (DBUS_SESSION_BUS_ADDRESS), and on each registers
 * one session with org.audiosession.Agent, as SESSIONS separate apps would:
 *   - session 0, the one interrupted: playback, active;
 *   - session 1, the activator: playback, inactive between repetitions;
 *   - sessions 2 and up: ambient, active (mixable: the engine weighs them on every activation,
 *     interrupts none).
 * Each repetition stamps CLOCK_MONOTONIC, sends Activate(session 1), and stamps the arrival of its
 * reply ("reply_us N") and of InterruptionBegan at session 0's connection ("signal_us N"); then puts
 * things back (Deactivate with notify-others, wait for InterruptionEnded, Activate session 0) outside
 * the measured time. With SESSIONS = 1 there is nobody to interrupt: the one session alternates
 * Activate (measured, "reply_us") and Deactivate.
 *
 * One thread polls every connection's socket itself (no pending-call machinery, no dispatch
 * thread), so the stamps carry no client overhead beyond a poll wake-up. Ten unmeasured repetitions
 * come first. Ends with "done reps=N". Built by scripts/bench with cc and pkg-config dbus-1. */
#include <dbus/dbus.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define AGENT "org.audiosession.Agent"
#define AGENT_PATH "/org/audiosession/Agent"
#define AGENT_INTERFACE "org.audiosession.Agent1"
#define DEADLINE_MS 5000
#define WARM_UP 10

struct app {
    DBusConnection *connection;
    char *session;
};

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void die(const char *what, const char *detail) {
    fprintf(stderr, "activator: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

static DBusMessage *agent_call(const char *method) {
    DBusMessage *message = dbus_message_new_method_call(AGENT, AGENT_PATH, AGENT_INTERFACE, method);
    if (!message) die("out of memory", NULL);
    return message;
}

/* Sends `message` and waits for its reply, for the set-up and reset steps (not measured). */
static DBusMessage *call_blocking(DBusConnection *connection, DBusMessage *message) {
    DBusError error;
    dbus_error_init(&error);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(connection, message, DEADLINE_MS, &error);
    if (!reply) die(dbus_message_get_member(message), error.message);
    dbus_message_unref(message);
    return reply;
}

static void call_session(struct app *app, const char *method) {
    DBusMessage *message = agent_call(method);
    dbus_message_append_args(message, DBUS_TYPE_STRING, &app->session, DBUS_TYPE_INVALID);
    dbus_message_unref(call_blocking(app->connection, message));
}

static void deactivate(struct app *app) {
    DBusMessage *message = agent_call("Deactivate");
    dbus_bool_t notify = TRUE;
    dbus_message_append_args(message, DBUS_TYPE_STRING, &app->session, DBUS_TYPE_BOOLEAN, &notify, DBUS_TYPE_INVALID);
    dbus_message_unref(call_blocking(app->connection, message));
}

static void configure(struct app *app, const char *category) {
    DBusMessage *message = agent_call("SetConfiguration");
    const char *mode = "default";
    const char **options = NULL;
    dbus_message_append_args(message, DBUS_TYPE_STRING, &app->session, DBUS_TYPE_STRING, &category, DBUS_TYPE_STRING,
                             &mode, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &options, 0, DBUS_TYPE_INVALID);
    dbus_message_unref(call_blocking(app->connection, message));
}

static void connect_and_register(struct app *app, const char *address) {
    DBusError error;
    dbus_error_init(&error);
    app->connection = dbus_connection_open_private(address, &error);
    if (!app->connection) die("cannot reach the bus", error.message);
    dbus_connection_set_exit_on_disconnect(app->connection, FALSE);
    if (!dbus_bus_register(app->connection, &error)) die("cannot register with the bus", error.message);

    DBusMessage *message = agent_call("RegisterSession");
    DBusMessageIter arguments, properties;
    dbus_message_iter_init_append(message, &arguments);
    if (!dbus_message_iter_open_container(&arguments, DBUS_TYPE_ARRAY, "{sv}", &properties) ||
        !dbus_message_iter_close_container(&arguments, &properties))
        die("out of memory", NULL);
    DBusMessage *reply = call_blocking(app->connection, message);
    const char *session = NULL, *token = NULL;
    if (!dbus_message_get_args(reply, &error, DBUS_TYPE_STRING, &session, DBUS_TYPE_STRING, &token, DBUS_TYPE_INVALID))
        die("RegisterSession's reply", error.message);
    app->session = strdup(session);
    dbus_message_unref(reply);
}

/* Waits until `connection` has a message and returns it, reading its socket without blocking
 * others for longer than `deadline_ns` allows; NULL at the deadline. */
static DBusMessage *next_message(DBusConnection *connection, int64_t deadline_ns) {
    for (;;) {
        DBusMessage *message = dbus_connection_pop_message(connection);
        if (message) return message;
        int64_t left_ms = (deadline_ns - now_ns()) / 1000000;
        if (left_ms <= 0) return NULL;
        int fd = -1;
        dbus_connection_get_unix_fd(connection, &fd);
        struct pollfd watch = {.fd = fd, .events = POLLIN};
        if (poll(&watch, 1, (int)left_ms) < 0 && errno != EINTR) die("poll", strerror(errno));
        if (!dbus_connection_read_write(connection, 0)) die("the bus went away", NULL);
    }
}

static int is_signal(DBusMessage *message, const char *name, const char *session) {
    const char *about = NULL;
    return dbus_message_is_signal(message, AGENT_INTERFACE, name) &&
           dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &about, DBUS_TYPE_INVALID) &&
           strcmp(about, session) == 0;
}

/* Waits for signal `name` about app's session, dropping other messages. */
static void wait_signal(struct app *app, const char *name) {
    int64_t deadline = now_ns() + (int64_t)DEADLINE_MS * 1000000;
    for (;;) {
        DBusMessage *message = next_message(app->connection, deadline);
        if (!message) die("no signal before the deadline", name);
        int found = is_signal(message, name, app->session);
        dbus_message_unref(message);
        if (found) return;
    }
}

/* One measured Activate: returns the reply's and (when `interrupted` is given) the signal's
 * arrival, in nanoseconds after the call was sent. */
static void measured_activate(struct app *app, struct app *interrupted, int64_t *reply_ns, int64_t *signal_ns) {
    DBusMessage *message = agent_call("Activate");
    dbus_message_append_args(message, DBUS_TYPE_STRING, &app->session, DBUS_TYPE_INVALID);
    dbus_uint32_t serial = 0;
    *reply_ns = *signal_ns = -1;
    int64_t start = now_ns();
    if (!dbus_connection_send(app->connection, message, &serial)) die("out of memory", NULL);
    dbus_connection_flush(app->connection);
    dbus_message_unref(message);
    int64_t deadline = start + (int64_t)DEADLINE_MS * 1000000;

    int fds[2] = {-1, -1};
    dbus_connection_get_unix_fd(app->connection, &fds[0]);
    if (interrupted) dbus_connection_get_unix_fd(interrupted->connection, &fds[1]);
    while (*reply_ns < 0 || (interrupted && *signal_ns < 0)) {
        DBusMessage *incoming;
        while (*reply_ns < 0 && (incoming = dbus_connection_pop_message(app->connection))) {
            int64_t arrived = now_ns();
            if (dbus_message_get_reply_serial(incoming) == serial) {
                if (dbus_message_get_type(incoming) == DBUS_MESSAGE_TYPE_ERROR) {
                    const char *text = NULL;
                    dbus_message_get_args(incoming, NULL, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID);
                    die(dbus_message_get_error_name(incoming), text);
                }
                *reply_ns = arrived - start;
            }
            dbus_message_unref(incoming);
        }
        while (interrupted && *signal_ns < 0 && (incoming = dbus_connection_pop_message(interrupted->connection))) {
            int64_t arrived = now_ns();
            if (is_signal(incoming, "InterruptionBegan", interrupted->session)) *signal_ns = arrived - start;
            dbus_message_unref(incoming);
        }
        if (*reply_ns >= 0 && (!interrupted || *signal_ns >= 0)) break;
        int64_t left_ms = (deadline - now_ns()) / 1000000;
        if (left_ms <= 0) die("no reply or signal before the deadline", NULL);
        struct pollfd watch[2] = {{.fd = fds[0], .events = POLLIN}, {.fd = fds[1], .events = POLLIN}};
        if (poll(watch, interrupted ? 2 : 1, (int)left_ms) < 0 && errno != EINTR) die("poll", strerror(errno));
        if (watch[0].revents && !dbus_connection_read_write(app->connection, 0)) die("the bus went away", NULL);
        if (interrupted && watch[1].revents && !dbus_connection_read_write(interrupted->connection, 0))
            die("the bus went away", NULL);
    }
}

int main(int argc, char **argv) {
    int sessions = argc == 3 ? atoi(argv[1]) : 0, reps = argc == 3 ? atoi(argv[2]) : 0;
    if (sessions <= 0 || reps <= 0) {
        fprintf(stderr, "usage: activator SESSIONS REPS\n");
        return 2;
    }
    const char *address = getenv("DBUS_SESSION_BUS_ADDRESS");
    if (!address) die("DBUS_SESSION_BUS_ADDRESS is not set", NULL);
    struct app *apps = calloc((size_t)sessions, sizeof *apps);
    if (!apps) die("out of memory", NULL);
    for (int i = 0; i < sessions; i++) connect_and_register(&apps[i], address);

    struct app *interrupted = sessions > 1 ? &apps[0] : NULL;
    struct app *activator = sessions > 1 ? &apps[1] : &apps[0];
    for (int i = 0; i < sessions; i++) configure(&apps[i], i < 2 ? "playback" : "ambient");
    for (int i = 0; i < sessions; i++)
        if (&apps[i] != activator) call_session(&apps[i], "Activate");

    for (int rep = 0; rep < WARM_UP + reps; rep++) {
        int64_t reply_ns, signal_ns;
        measured_activate(activator, interrupted, &reply_ns, &signal_ns);
        if (rep >= WARM_UP) {
            printf("reply_us %.1f\n", (double)reply_ns / 1000.0);
            if (interrupted) printf("signal_us %.1f\n", (double)signal_ns / 1000.0);
        }
        deactivate(activator);
        if (interrupted) {
            wait_signal(interrupted, "InterruptionEnded");
            call_session(interrupted, "Activate");
        }
    }
    printf("done reps=%d\n", reps);
    for (int i = 0; i < sessions; i++) {
        dbus_connection_close(apps[i].connection);
        dbus_connection_unref(apps[i].connection);
        free(apps[i].session);
    }
    free(apps);
    return 0;
}
