/* Method calls to the agent: one blocking call, its failure turned into a result code, and the
 * per-session calls that register again when the agent restarted under them. */
#include <stdint.h>
#include <unistd.h>

#include "internal.h"

DBusMessage *new_agent_call(const char *method)
{
    return dbus_message_new_method_call(AGENT_NAME, AGENT_PATH, AGENT_INTERFACE, method);
}

/* libdbus keeps the signals that arrive during a blocking call in its queue, where polling the
 * socket does not see them: wake the app's poll through the eventfd beside it. */
void wake_poll(audiosession *session)
{
    uint64_t one = 1;
    if (write(session->wakeup_fd, &one, sizeof one) < 0) {
        /* The counter is already non-zero (EAGAIN): the poll wakes anyway. */
    }
}

static void wake_for_queued_messages(audiosession *session)
{
    if (dbus_connection_get_dispatch_status(session->bus) == DBUS_DISPATCH_DATA_REMAINS)
        wake_poll(session);
}

DBusMessage *call_agent(audiosession *session, DBusMessage *call, int *result)
{
    if (!call) {
        *result = fail(session, AUDIOSESSION_ERROR_NO_MEMORY, "out of memory building a call");
        return NULL;
    }
    const char *method = dbus_message_get_member(call);
    DBusError error;
    dbus_error_init(&error);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(session->bus, call, DBUS_TIMEOUT_USE_DEFAULT, &error);
    dbus_message_unref(call);
    wake_for_queued_messages(session);
    if (!reply) {
        *result = fail_with_bus_error(session, method, &error);
        dbus_error_free(&error);
        return NULL;
    }
    *result = AUDIOSESSION_OK;
    return reply;
}

static int call_once(audiosession *session, const char *method, append_arguments append, const void *context,
                     DBusMessage **reply, DBusError *error)
{
    DBusMessage *call = new_agent_call(method);
    if (!call)
        return fail(session, AUDIOSESSION_ERROR_NO_MEMORY, "%s: out of memory", method);
    DBusMessageIter iter;
    dbus_message_iter_init_append(call, &iter);
    const char *id = session->session_id;
    if (!dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &id) || (append && !append(&iter, context))) {
        dbus_message_unref(call);
        return fail(session, AUDIOSESSION_ERROR_NO_MEMORY, "%s: out of memory", method);
    }
    DBusMessage *answer = dbus_connection_send_with_reply_and_block(session->bus, call, DBUS_TIMEOUT_USE_DEFAULT, error);
    dbus_message_unref(call);
    wake_for_queued_messages(session);
    if (!answer)
        return fail_with_bus_error(session, method, error);
    if (reply)
        *reply = answer;
    else
        dbus_message_unref(answer);
    return AUDIOSESSION_OK;
}

int call_session_method(audiosession *session, const char *method, append_arguments append, const void *context,
                        DBusMessage **reply)
{
    if (!session->bus)
        return fail(session, AUDIOSESSION_ERROR_NOT_CONNECTED, "%s: %s", method,
                    audiosession_strerror(AUDIOSESSION_ERROR_NOT_CONNECTED));
    if (!session->session_id) {
        int result = reassert_session(session);
        if (result != AUDIOSESSION_OK)
            return result;
    }
    for (int attempt = 0;; attempt++) {
        DBusError error;
        dbus_error_init(&error);
        int result = call_once(session, method, append, context, reply, &error);
        /* A new agent does not know the old agent's session: register with it, then call again. */
        int restarted = dbus_error_has_name(&error, "org.audiosession.Error.NoSuchSession") && attempt == 0;
        dbus_error_free(&error);
        if (!restarted)
            return result;
        forget_registration(session);
        result = reassert_session(session);
        if (result != AUDIOSESSION_OK)
            return result;
    }
}
