/* The agent's signals and its name on the bus, turned into the app's events inside
 * audiosession_dispatch(). */
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

#define AGENT_SIGNALS "type='signal',sender='" AGENT_NAME "',interface='" AGENT_INTERFACE "'"
#define AGENT_NAME_CHANGES                                                                                       \
    "type='signal',sender='" DBUS_SERVICE_DBUS "',interface='" DBUS_INTERFACE_DBUS "',"                         \
    "member='NameOwnerChanged',arg0='" AGENT_NAME "'"

void deliver(audiosession *session, audiosession_event_type type, const char *reason, int should_resume,
             const audiosession_route *previous_route)
{
    audiosession_event event = { .type = type, .reason = reason ? reason : "", .should_resume = should_resume,
                                 .previous_route = previous_route };
    if (session->callback)
        session->callback(session, &event, session->user_data);
}

static void lose_media_services(audiosession *session, const char *cause)
{
    if (session->media_services_lost)
        return;
    session->media_services_lost = cause;
    deliver(session, AUDIOSESSION_EVENT_MEDIA_SERVICES_LOST, cause, 0, NULL);
}

static void reset_media_services(audiosession *session, const char *otherwise)
{
    const char *cause = session->media_services_lost ? session->media_services_lost : otherwise;
    session->media_services_lost = NULL;
    deliver(session, AUDIOSESSION_EVENT_MEDIA_SERVICES_RESET, cause, 0, NULL);
}

/* The agent left (stopped, crashed) or a new one took the name: forget the old registration,
 * register with the new agent, and report the loss and the reset. */
static void agent_name_changed(audiosession *session, const char *old_owner, const char *new_owner)
{
    if (*old_owner && same_string(old_owner, session->agent_owner)) {
        forget_registration(session);
        lose_media_services(session, AUDIOSESSION_MEDIA_SERVICES_AGENT);
    }
    if (!*new_owner || reassert_session(session) != AUDIOSESSION_OK)
        return;
    if (same_string(session->media_services_lost, AUDIOSESSION_MEDIA_SERVICES_AGENT))
        reset_media_services(session, AUDIOSESSION_MEDIA_SERVICES_AGENT);
}

/* A session signal of our session: (s session, ...). */
static void session_signal(audiosession *session, DBusMessage *message, const char *member)
{
    DBusMessageIter iter;
    const char *id = NULL, *text = "";
    if (!dbus_message_iter_init(message, &iter) || dbus_message_iter_get_arg_type(&iter) != DBUS_TYPE_STRING)
        return;
    dbus_message_iter_get_basic(&iter, &id);
    if (!same_string(id, session->session_id) || !dbus_message_iter_next(&iter))
        return;
    int type = dbus_message_iter_get_arg_type(&iter);
    if (strcmp(member, "InterruptionEnded") == 0 && type == DBUS_TYPE_BOOLEAN) {
        dbus_bool_t should_resume;
        dbus_message_iter_get_basic(&iter, &should_resume);
        deliver(session, AUDIOSESSION_EVENT_INTERRUPTION_ENDED, "", should_resume ? 1 : 0, NULL);
        return;
    }
    if (type != DBUS_TYPE_STRING)
        return;
    dbus_message_iter_get_basic(&iter, &text);
    if (strcmp(member, "InterruptionBegan") == 0) {
        session->is_active = 0;
        deliver(session, AUDIOSESSION_EVENT_INTERRUPTION_BEGAN, text, 0, NULL);
    } else if (strcmp(member, "SecondaryAudioHint") == 0) {
        session->secondary_audio_silenced = strcmp(text, AUDIOSESSION_SECONDARY_AUDIO_HINT_BEGIN) == 0;
        deliver(session, AUDIOSESSION_EVENT_SECONDARY_AUDIO_HINT, text, 0, NULL);
    } else if (strcmp(member, "RouteChanged") == 0 && dbus_message_iter_next(&iter)) {
        audiosession_route *previous = read_route(&iter);
        if (previous)
            deliver(session, AUDIOSESSION_EVENT_ROUTE_CHANGED, text, 0, previous);
        audiosession_route_free(previous);
    }
}

static DBusHandlerResult filter(DBusConnection *bus, DBusMessage *message, void *context)
{
    (void)bus;
    audiosession *session = context;
    if (dbus_message_is_signal(message, DBUS_INTERFACE_LOCAL, "Disconnected")) {
        forget_registration(session);
        lose_media_services(session, AUDIOSESSION_MEDIA_SERVICES_AGENT);
        return DBUS_HANDLER_RESULT_HANDLED;
    }
    if (dbus_message_is_signal(message, DBUS_INTERFACE_DBUS, "NameOwnerChanged")
        && same_string(dbus_message_get_sender(message), DBUS_SERVICE_DBUS)) {
        const char *name, *old_owner, *new_owner;
        if (dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old_owner,
                                  DBUS_TYPE_STRING, &new_owner, DBUS_TYPE_INVALID)
            && strcmp(name, AGENT_NAME) == 0)
            agent_name_changed(session, old_owner, new_owner);
        return DBUS_HANDLER_RESULT_HANDLED;
    }
    /* Only the agent instance the session registered with speaks; members a newer agent adds are
     * ignored. */
    const char *member = dbus_message_get_member(message);
    if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_SIGNAL || !member
        || !dbus_message_has_interface(message, AGENT_INTERFACE)
        || !same_string(dbus_message_get_sender(message), session->agent_owner))
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    if (strcmp(member, "MediaServicesLost") == 0)
        lose_media_services(session, AUDIOSESSION_MEDIA_SERVICES_SOUND_SERVER);
    else if (strcmp(member, "MediaServicesReset") == 0)
        reset_media_services(session, AUDIOSESSION_MEDIA_SERVICES_SOUND_SERVER);
    else
        session_signal(session, message, member);
    return DBUS_HANDLER_RESULT_HANDLED;
}

int watch_agent(audiosession *session)
{
    DBusError error;
    dbus_error_init(&error);
    /* The session signals are unicast and arrive anyway; the broadcasts and the agent's name
     * changes need these rules. */
    dbus_bus_add_match(session->bus, AGENT_SIGNALS, &error);
    if (!dbus_error_is_set(&error))
        dbus_bus_add_match(session->bus, AGENT_NAME_CHANGES, &error);
    if (dbus_error_is_set(&error)) {
        int result = fail_with_bus_error(session, "AddMatch", &error);
        dbus_error_free(&error);
        return result;
    }
    if (!dbus_connection_add_filter(session->bus, filter, session, NULL))
        return fail(session, AUDIOSESSION_ERROR_NO_MEMORY, "out of memory adding the bus filter");
    return AUDIOSESSION_OK;
}

PUBLIC void audiosession_set_event_callback(audiosession *session, audiosession_event_callback callback,
                                            void *user_data)
{
    if (!session)
        return;
    session->callback = callback;
    session->user_data = user_data;
}

PUBLIC int audiosession_dispatch(audiosession *session)
{
    if (!session)
        return AUDIOSESSION_ERROR_INVALID_ARGUMENT;
    if (!session->bus)
        return fail(session, AUDIOSESSION_ERROR_NOT_CONNECTED, "audiosession_dispatch: %s",
                    audiosession_strerror(AUDIOSESSION_ERROR_NOT_CONNECTED));
    uint64_t count;
    while (read(session->wakeup_fd, &count, sizeof count) == sizeof count) {
        /* Drained: the queue below is what it announced. */
    }
    int connected = dbus_connection_read_write(session->bus, 0);
    while (dbus_connection_dispatch(session->bus) == DBUS_DISPATCH_DATA_REMAINS) {
        /* Each round delivers one message; callbacks may call the agent and queue more. */
    }
    if (session->refused_after_restart) {
        session->refused_after_restart = 0;
        deliver(session, AUDIOSESSION_EVENT_INTERRUPTION_BEGAN, AUDIOSESSION_INTERRUPTION_REASON_DEFAULT, 0, NULL);
    }
    if (!connected || !dbus_connection_get_is_connected(session->bus))
        return fail(session, AUDIOSESSION_ERROR_NO_BUS, "the session bus connection closed");
    return AUDIOSESSION_OK;
}
