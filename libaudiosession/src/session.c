/* The handle's life: its bus connection, the descriptor the app polls, registration, and the end. */
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "internal.h"

PUBLIC audiosession *audiosession_new(const char *application_id)
{
    audiosession *session = calloc(1, sizeof *session);
    if (!session)
        return NULL;
    session->poll_fd = -1;
    session->wakeup_fd = -1;
    session->echo_cancellation_request = -1;
    for (int slot = 0; slot < SESSION_PREFERENCE_COUNT; slot++)
        session->preferences[slot] = -1;
    if (application_id && !(session->application_id = copy_string(application_id))) {
        free(session);
        return NULL;
    }
    return session;
}

/* One descriptor for the app to poll: the bus socket and the eventfd that signals messages
 * libdbus read during a blocking call. */
static int open_poll_fd(audiosession *session)
{
    int socket_fd;
    if (!dbus_connection_get_unix_fd(session->bus, &socket_fd))
        return fail(session, AUDIOSESSION_ERROR_NO_BUS, "the session bus connection has no socket to poll");
    session->poll_fd = epoll_create1(EPOLL_CLOEXEC);
    session->wakeup_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    struct epoll_event socket_event = { .events = EPOLLIN, .data.fd = socket_fd };
    struct epoll_event wakeup_event = { .events = EPOLLIN, .data.fd = session->wakeup_fd };
    if (session->poll_fd < 0 || session->wakeup_fd < 0
        || epoll_ctl(session->poll_fd, EPOLL_CTL_ADD, socket_fd, &socket_event) < 0
        || epoll_ctl(session->poll_fd, EPOLL_CTL_ADD, session->wakeup_fd, &wakeup_event) < 0)
        return fail(session, AUDIOSESSION_ERROR_NO_MEMORY, "cannot make the descriptor to poll (epoll, eventfd)");
    return AUDIOSESSION_OK;
}

static int connect_bus(audiosession *session)
{
    DBusError error;
    dbus_error_init(&error);
    /* A private connection: the app's own libdbus use (and its shared connection) stays apart. */
    session->bus = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!session->bus) {
        int result = fail(session, AUDIOSESSION_ERROR_NO_BUS, "cannot connect to the session bus: %s (%s)",
                          error.message ? error.message : "", error.name ? error.name : "");
        dbus_error_free(&error);
        return result;
    }
    dbus_connection_set_exit_on_disconnect(session->bus, FALSE);
    int result = open_poll_fd(session);
    return result != AUDIOSESSION_OK ? result : watch_agent(session);
}

PUBLIC int audiosession_connect(audiosession *session)
{
    if (!session)
        return AUDIOSESSION_ERROR_INVALID_ARGUMENT;
    if (session->bus)
        return fail(session, AUDIOSESSION_ERROR_INVALID_ARGUMENT, "audiosession_connect: already connected");
    int result = check_text(session, "the application id", session->application_id);
    if (result == AUDIOSESSION_OK)
        result = connect_bus(session);
    if (result != AUDIOSESSION_OK)
        return result;
    result = register_session(session);
    /* Not there yet: the agent's appearance is reported as the end of a loss. */
    if (result == AUDIOSESSION_ERROR_AGENT_NOT_RUNNING)
        session->media_services_lost = AUDIOSESSION_MEDIA_SERVICES_AGENT;
    return result;
}

void free_configuration(struct configuration *configuration)
{
    free(configuration->category);
    free(configuration->mode);
    for (size_t i = 0; configuration->options && i < configuration->option_count; i++)
        free(configuration->options[i]);
    free(configuration->options);
    *configuration = (struct configuration){ 0 };
}

void replace_configuration(audiosession *session, struct configuration *configuration)
{
    free_configuration(&session->configuration);
    session->configuration = *configuration;
}

/* Ends the session now rather than when the connection closes, so its end is not delayed by
 * libdbus' close and the sessions it interrupted hear at once. */
static void unregister(audiosession *session)
{
    DBusMessage *call = new_agent_call("UnregisterSession");
    const char *id = session->session_id;
    if (call && !dbus_message_append_args(call, DBUS_TYPE_STRING, &id, DBUS_TYPE_INVALID)) {
        dbus_message_unref(call);
        call = NULL;
    }
    int result;
    DBusMessage *reply = call_agent(session, call, &result);
    if (reply)
        dbus_message_unref(reply);
}

PUBLIC void audiosession_free(audiosession *session)
{
    if (!session)
        return;
    if (session->bus) {
        if (session->session_id)
            unregister(session);
        dbus_connection_close(session->bus);
        dbus_connection_unref(session->bus);
    }
    if (session->poll_fd >= 0)
        close(session->poll_fd);
    if (session->wakeup_fd >= 0)
        close(session->wakeup_fd);
    free_configuration(&session->configuration);
    char *strings[] = { session->application_id, session->session_id, session->agent_owner, session->client_nonce,
                        session->stream_token, session->token_secret, session->preferred_input,
                        session->last_error, session->last_activity };
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++)
        free(strings[i]);
    free(session);
}

PUBLIC const char *audiosession_stream_token(const audiosession *session)
{
    return session && session->stream_token ? session->stream_token : "";
}

PUBLIC const char *audiosession_client_nonce(const audiosession *session)
{
    return session && session->client_nonce ? session->client_nonce : "";
}

PUBLIC int audiosession_get_fd(const audiosession *session)
{
    return session ? session->poll_fd : -1;
}

PUBLIC int audiosession_secondary_audio_should_be_silenced(const audiosession *session)
{
    return session && session->secondary_audio_silenced;
}
