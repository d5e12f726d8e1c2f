/* Registration with the agent (RegisterSessionWithSecret) and its re-assertion with an agent that
 * restarted: the same token, proven by the secret; the configuration, the preferred input and the
 * activation sent again. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int append_property(DBusMessageIter *properties, const char *key, const char *value)
{
    DBusMessageIter entry, variant;
    return dbus_message_iter_open_container(properties, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
        && dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key)
        && dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "s", &variant)
        && dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, &value)
        && dbus_message_iter_close_container(&entry, &variant)
        && dbus_message_iter_close_container(properties, &entry);
}

static DBusMessage *registration_call(const audiosession *session)
{
    DBusMessage *call = new_agent_call("RegisterSessionWithSecret");
    if (!call)
        return NULL;
    DBusMessageIter iter, properties;
    dbus_message_iter_init_append(call, &iter);
    int ok = dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "{sv}", &properties);
    if (ok && session->application_id && *session->application_id)
        ok = append_property(&properties, "application-id", session->application_id);
    if (ok && session->stream_token && session->token_secret)
        ok = append_property(&properties, "stream-token", session->stream_token)
            && append_property(&properties, "stream-token-secret", session->token_secret);
    if (!ok) {
        dbus_message_iter_abandon_container_if_open(&iter, &properties);
        dbus_message_unref(call);
        return NULL;
    }
    if (!dbus_message_iter_close_container(&iter, &properties)) {
        dbus_message_unref(call);
        return NULL;
    }
    return call;
}

void forget_registration(audiosession *session)
{
    replace_string(&session->session_id, NULL);
    replace_string(&session->agent_owner, NULL);
}

int register_session(audiosession *session)
{
    int result;
    DBusMessage *reply = call_agent(session, registration_call(session), &result);
    if (!reply)
        return result;
    DBusError error;
    dbus_error_init(&error);
    const char *id, *token, *secret, *nonce;
    if (!dbus_message_get_args(reply, &error, DBUS_TYPE_STRING, &id, DBUS_TYPE_STRING, &token, DBUS_TYPE_STRING,
                               &secret, DBUS_TYPE_STRING, &nonce, DBUS_TYPE_INVALID)) {
        result = fail(session, AUDIOSESSION_ERROR_BAD_REPLY,
                      "RegisterSessionWithSecret: the agent's reply is not (s session, s stream_token, "
                      "s token_secret, s client_nonce): %s", error.message);
        dbus_error_free(&error);
        dbus_message_unref(reply);
        return result;
    }
    /* The reply comes from the agent's unique name: only that instance's signals are believed. */
    char *fields[] = { copy_string(id), copy_string(token), copy_string(secret), copy_string(nonce),
                       copy_string(dbus_message_get_sender(reply)) };
    dbus_message_unref(reply);
    int copied = 1;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        copied = copied && fields[i];
    if (!copied) {
        for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
            free(fields[i]);
        return fail(session, AUDIOSESSION_ERROR_NO_MEMORY, "RegisterSessionWithSecret: out of memory");
    }
    replace_string(&session->session_id, fields[0]);
    replace_string(&session->stream_token, fields[1]);
    replace_string(&session->token_secret, fields[2]);
    replace_string(&session->client_nonce, fields[3]);
    replace_string(&session->agent_owner, fields[4]);
    return AUDIOSESSION_OK;
}

/* Sends again what the app had told the previous agent. A refused activation (a call holds the
 * audio now) is the session's interruption, as if the call had begun after it; it is delivered
 * from the next dispatch, since this may run inside one of the app's own calls. */
static int restore_state(audiosession *session)
{
    const struct configuration *configuration = &session->configuration;
    int result = AUDIOSESSION_OK;
    if (configuration->category)
        result = audiosession_set_configuration(session, configuration->category, configuration->mode,
                                                (const char *const *)configuration->options,
                                                configuration->option_count);
    if (result == AUDIOSESSION_OK && session->preferred_input)
        result = audiosession_set_preferred_input(session, session->preferred_input);
    if (result == AUDIOSESSION_OK)
        result = send_hardware_preferences(session);
    if (result == AUDIOSESSION_OK)
        result = send_echo_cancellation_request(session);
    if (result == AUDIOSESSION_OK)
        result = send_input_mute(session);
    if (result == AUDIOSESSION_OK)
        result = send_session_preferences(session);
    if (result == AUDIOSESSION_OK && session->is_active) {
        result = audiosession_activate(session);
        if (result == AUDIOSESSION_ERROR_INSUFFICIENT_PRIORITY) {
            session->is_active = 0;
            session->refused_after_restart = 1;
            wake_poll(session);
            return AUDIOSESSION_OK;
        }
    }
    return result;
}

int reassert_session(audiosession *session)
{
    if (session->session_id)
        return AUDIOSESSION_OK;
    int result = register_session(session);
    if (result != AUDIOSESSION_OK)
        return result;
    return restore_state(session);
}
