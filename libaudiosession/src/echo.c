/* Echo-cancelled input as the app's own choice (docs/dbus-api.md: SetPrefersEchoCancelledInput,
 * IsEchoCancelledInputAvailable). */
#include "internal.h"

int send_echo_cancellation_request(audiosession *session)
{
    if (session->echo_cancellation_request < 0)
        return AUDIOSESSION_OK;
    return call_session_method(session, "SetPrefersEchoCancelledInput", append_boolean,
                               &session->echo_cancellation_request, NULL);
}

PUBLIC int audiosession_set_prefers_echo_cancelled_input(audiosession *session, int prefers)
{
    if (!session)
        return AUDIOSESSION_ERROR_INVALID_ARGUMENT;
    int kept = session->echo_cancellation_request;
    session->echo_cancellation_request = prefers ? 1 : 0;
    int result = send_echo_cancellation_request(session);
    /* Without an agent the choice waits for one; a refused one is not kept. */
    if (result != AUDIOSESSION_OK && result != AUDIOSESSION_ERROR_AGENT_NOT_RUNNING)
        session->echo_cancellation_request = kept;
    return result;
}

PUBLIC int audiosession_is_echo_cancelled_input_available(audiosession *session, int *available)
{
    if (!session)
        return AUDIOSESSION_ERROR_INVALID_ARGUMENT;
    if (!available)
        return fail(session, AUDIOSESSION_ERROR_INVALID_ARGUMENT, "audiosession_is_echo_cancelled_input_available: available is NULL");
    *available = 0;
    DBusMessage *reply = NULL;
    int result = call_session_method(session, "IsEchoCancelledInputAvailable", NULL, NULL, &reply);
    if (result != AUDIOSESSION_OK)
        return result;
    dbus_bool_t value = FALSE;
    DBusMessageIter iter;
    int ok = dbus_message_iter_init(reply, &iter) && dbus_message_iter_get_arg_type(&iter) == DBUS_TYPE_BOOLEAN;
    if (ok)
        dbus_message_iter_get_basic(&iter, &value);
    dbus_message_unref(reply);
    if (!ok)
        return fail(session, AUDIOSESSION_ERROR_BAD_REPLY, "IsEchoCancelledInputAvailable: the agent's reply is not (b available)");
    *available = value ? 1 : 0;
    return AUDIOSESSION_OK;
}
