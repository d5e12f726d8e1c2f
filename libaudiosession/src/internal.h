/* What the library's files share: the handle's fields and the helpers each file provides. */
#ifndef AUDIOSESSION_INTERNAL_H
#define AUDIOSESSION_INTERNAL_H

#include <dbus/dbus.h>

#include "audiosession/audiosession.h"

#define PUBLIC __attribute__((visibility("default")))

#define AGENT_NAME "org.audiosession.Agent"
#define AGENT_PATH "/org/audiosession/Agent"
#define AGENT_INTERFACE "org.audiosession.Agent1"

/* What the app asked for, kept to send again to an agent that restarted. */
struct configuration {
    char *category;
    char *mode;
    char **options;
    size_t option_count;
};

/* How many session preferences there are (preference.c names them). */
#define SESSION_PREFERENCE_COUNT 3

struct audiosession {
    char *application_id;
    DBusConnection *bus;
    /* Readable when the bus socket is or when libdbus holds messages read during a call. */
    int poll_fd;
    int wakeup_fd;

    /* The registration with the agent now running; session_id is NULL while unregistered. */
    char *session_id;
    char *agent_owner;
    char *client_nonce;
    /* Kept across registrations: a new agent gives the same token back for the secret. */
    char *stream_token;
    char *token_secret;

    struct configuration configuration; /* category NULL: never configured */
    int is_active;
    char *preferred_input;               /* NULL: none sent */
    unsigned preferred_sample_rate;      /* 0: none */
    double preferred_io_buffer_duration; /* seconds; 0: none */
    int echo_cancellation_request;       /* -1: none made; 0 or 1: the app's choice */
    int input_muted;                     /* 1 while the app muted its input (the agent took it) */
    int preferences[SESSION_PREFERENCE_COUNT]; /* per preference.c's names: -1 none made; 0 or 1 */
    int secondary_audio_silenced;
    const char *media_services_lost;     /* the cause of a loss not yet reset; NULL when none */
    int refused_after_restart;           /* re-activation refused: an interruption to deliver */

    audiosession_event_callback callback;
    void *user_data;

    char *last_error;
    char *last_activity;
};

/* error.c: records the last failure's message and returns `result`. */
int fail(audiosession *session, int result, const char *format, ...) __attribute__((format(printf, 3, 4)));
/* The result code of a D-Bus error reply, and records its message for `method`. */
int fail_with_bus_error(audiosession *session, const char *method, const DBusError *error);

/* call.c: makes the app's poll wake up, for messages libdbus queued or events held back. */
void wake_poll(audiosession *session);
/* call.c: calls `method` with `arguments` (an initialised message or NULL); returns the reply
 * (the caller unrefs it) or NULL after recording the failure in `*result`. */
DBusMessage *call_agent(audiosession *session, DBusMessage *call, int *result);
DBusMessage *new_agent_call(const char *method);
/* Calls a per-session method taking (s session, ...); re-registers once when the agent has
 * restarted since the session registered. `append` adds the arguments after the session. */
typedef int (*append_arguments)(DBusMessageIter *iter, const void *context);
int call_session_method(audiosession *session, const char *method, append_arguments append,
                        const void *context, DBusMessage **reply);
/* requests.c: appends the int `context` points to as a D-Bus boolean (an `append_arguments`). */
int append_boolean(DBusMessageIter *iter, const void *context);

/* session.c: frees the kept configuration and keeps `configuration` instead. */
void replace_configuration(audiosession *session, struct configuration *configuration);
void free_configuration(struct configuration *configuration);

/* registration.c */
int register_session(audiosession *session);
/* Registers with the agent now owning the name, sends the configuration and activates again
 * when the session was active. */
int reassert_session(audiosession *session);
void forget_registration(audiosession *session);

/* route.c: reads a (a(sssu)a(sssu)) value at `iter`. NULL on a value of another shape. */
audiosession_route *read_route(DBusMessageIter *iter);
/* Reads an a(sssu) value at `iter` as a route with only inputs. NULL on another shape. */
audiosession_route *read_inputs(DBusMessageIter *iter);

/* hardware.c: sends the kept hardware preferences (after a registration); OK when there are none. */
int send_hardware_preferences(audiosession *session);

/* echo.c: sends the kept echo-cancellation choice (after a registration); OK when none was made. */
int send_echo_cancellation_request(audiosession *session);

/* mute.c: sends the kept input mute (after a registration); OK when the input is not muted. */
int send_input_mute(audiosession *session);

/* preference.c: sends the kept session preferences (after a registration); OK when none was made. */
int send_session_preferences(audiosession *session);

/* events.c */
int watch_agent(audiosession *session);
void deliver(audiosession *session, audiosession_event_type type, const char *reason, int should_resume,
             const audiosession_route *previous_route);

/* strings.c */
char *copy_string(const char *text);
void replace_string(char **slot, char *value);
int same_string(const char *a, const char *b);
/* AUDIOSESSION_OK, or INVALID_ARGUMENT recorded with `what` when `text` is not UTF-8. */
int check_text(audiosession *session, const char *what, const char *text);

#endif
