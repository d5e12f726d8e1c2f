/* Result codes, their fixed descriptions, and the last failure's message with the agent's text. */
#define _GNU_SOURCE /* vasprintf */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct error_mapping {
    const char *name;
    int result;
};

/* The agent's replies (docs/dbus-api.md, "Errors") and the bus daemon's for a missing agent. */
static const struct error_mapping bus_errors[] = {
    { DBUS_ERROR_SERVICE_UNKNOWN, AUDIOSESSION_ERROR_AGENT_NOT_RUNNING },
    { DBUS_ERROR_NAME_HAS_NO_OWNER, AUDIOSESSION_ERROR_AGENT_NOT_RUNNING },
    { DBUS_ERROR_NO_REPLY, AUDIOSESSION_ERROR_AGENT_NOT_RUNNING },
    { DBUS_ERROR_TIMEOUT, AUDIOSESSION_ERROR_AGENT_NOT_RUNNING },
    { DBUS_ERROR_DISCONNECTED, AUDIOSESSION_ERROR_NO_BUS },
    { DBUS_ERROR_NO_SERVER, AUDIOSESSION_ERROR_NO_BUS },
    { DBUS_ERROR_NO_MEMORY, AUDIOSESSION_ERROR_NO_MEMORY },
    { DBUS_ERROR_INVALID_ARGS, AUDIOSESSION_ERROR_INVALID_ARGUMENT },
    { "org.audiosession.Error.InsufficientPriority", AUDIOSESSION_ERROR_INSUFFICIENT_PRIORITY },
    { "org.audiosession.Error.MediaServicesUnavailable", AUDIOSESSION_ERROR_MEDIA_SERVICES_UNAVAILABLE },
    { "org.audiosession.Error.UnknownName", AUDIOSESSION_ERROR_UNKNOWN_NAME },
    { "org.audiosession.Error.InvalidConfiguration", AUDIOSESSION_ERROR_INVALID_CONFIGURATION },
    { "org.audiosession.Error.NoSuchPort", AUDIOSESSION_ERROR_NO_SUCH_PORT },
    { "org.audiosession.Error.TooManySessions", AUDIOSESSION_ERROR_TOO_MANY_SESSIONS },
    { "org.audiosession.Error.TooManyCalls", AUDIOSESSION_ERROR_TOO_MANY_CALLS },
};

PUBLIC const char *audiosession_strerror(int result)
{
    switch (result) {
    case AUDIOSESSION_OK: return "success";
    case AUDIOSESSION_ERROR_NO_BUS: return "there is no session bus";
    case AUDIOSESSION_ERROR_AGENT_NOT_RUNNING: return "the audio session agent (audiosessiond) is not running";
    case AUDIOSESSION_ERROR_INSUFFICIENT_PRIORITY: return "a higher-ranked session is active";
    case AUDIOSESSION_ERROR_MEDIA_SERVICES_UNAVAILABLE: return "no sound server is reachable";
    case AUDIOSESSION_ERROR_UNKNOWN_NAME: return "a name the agent does not accept";
    case AUDIOSESSION_ERROR_INVALID_CONFIGURATION: return "the configuration breaks a validity rule";
    case AUDIOSESSION_ERROR_NO_SUCH_PORT: return "no available input has that uid";
    case AUDIOSESSION_ERROR_TOO_MANY_SESSIONS: return "too many sessions";
    case AUDIOSESSION_ERROR_TOO_MANY_CALLS: return "too many calls to the agent";
    case AUDIOSESSION_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case AUDIOSESSION_ERROR_NOT_CONNECTED: return "the session is not connected (call audiosession_connect first)";
    case AUDIOSESSION_ERROR_REFUSED: return "the agent refused the call";
    case AUDIOSESSION_ERROR_BAD_REPLY: return "the agent's reply does not match the contract";
    case AUDIOSESSION_ERROR_NO_MEMORY: return "out of memory";
    default: return "unknown result code";
    }
}

PUBLIC const char *audiosession_last_error(const audiosession *session)
{
    return session && session->last_error ? session->last_error : "";
}

int fail(audiosession *session, int result, const char *format, ...)
{
    va_list arguments;
    char *message = NULL;
    va_start(arguments, format);
    if (vasprintf(&message, format, arguments) < 0)
        message = NULL;
    va_end(arguments);
    replace_string(&session->last_error, message);
    return result;
}

int fail_with_bus_error(audiosession *session, const char *method, const DBusError *error)
{
    int result = AUDIOSESSION_ERROR_REFUSED;
    for (size_t i = 0; i < sizeof bus_errors / sizeof bus_errors[0]; i++) {
        if (same_string(error->name, bus_errors[i].name))
            result = bus_errors[i].result;
    }
    const char *text = error->message ? error->message : "";
    if (result == AUDIOSESSION_ERROR_AGENT_NOT_RUNNING && same_string(error->name, DBUS_ERROR_SERVICE_UNKNOWN))
        return fail(session, result,
                    "%s: audiosessiond is not running and no D-Bus service file starts it "
                    "(is the audiosession agent installed?): %s (%s)", method, text, error->name);
    if (result == AUDIOSESSION_ERROR_AGENT_NOT_RUNNING)
        return fail(session, result, "%s: audiosessiond did not answer: %s (%s)", method, text, error->name);
    return fail(session, result, "%s: %s (%s)", method, text, error->name ? error->name : "no error name");
}
