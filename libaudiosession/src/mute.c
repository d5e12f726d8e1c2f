/* The app's input mute (docs/dbus-api.md: SetInputMuted). */
#include "internal.h"

int send_input_mute(audiosession *session)
{
    /* A new registration starts unmuted: only a mute needs sending again. */
    if (!session->input_muted)
        return AUDIOSESSION_OK;
    return call_session_method(session, "SetInputMuted", append_boolean, &session->input_muted, NULL);
}

PUBLIC int audiosession_set_input_muted(audiosession *session, int muted)
{
    if (!session)
        return AUDIOSESSION_ERROR_INVALID_ARGUMENT;
    int wanted = muted ? 1 : 0;
    int result = call_session_method(session, "SetInputMuted", append_boolean, &wanted, NULL);
    /* Only the agent can mute the server's streams: a mute it did not take is not kept. */
    if (result == AUDIOSESSION_OK)
        session->input_muted = wanted;
    return result;
}

PUBLIC int audiosession_is_input_muted(const audiosession *session)
{
    return session && session->input_muted ? 1 : 0;
}
