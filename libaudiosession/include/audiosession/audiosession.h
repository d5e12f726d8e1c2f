/*
 * libaudiosession: an app's audio session with the per-user policy agent audiosessiond.
 *
 * An audio session says what an app's audio is (a call, music, a game, a spoken prompt) and when
 * it plays, so that the agent can interrupt, duck or let it mix with other apps' audio the way
 * a phone does. The library speaks the agent's D-Bus API (interface org.audiosession.Agent1 on
 * the session bus) through libdbus-1; it starts no thread and calls back only from
 * audiosession_dispatch(), on the app's own main loop.
 *
 * A session's life:
 *
 *     audiosession *session = audiosession_new("org.example.Phone");   // the app's desktop id
 *     if (audiosession_connect(session) != AUDIOSESSION_OK)             // register with the agent
 *         fprintf(stderr, "%s\n", audiosession_last_error(session));
 *     const char *options[] = { AUDIOSESSION_OPTION_ALLOW_BLUETOOTH_HFP };
 *     audiosession_set_configuration(session, AUDIOSESSION_CATEGORY_PLAY_AND_RECORD,
 *                                    AUDIOSESSION_MODE_VOICE_CHAT, options, 1);
 *     audiosession_set_event_callback(session, on_event, app);
 *     audiosession_activate(session);          // may interrupt music; may be refused by a call
 *     ... open streams with AUDIOSESSION_STREAM_PROPERTY_TOKEN = audiosession_stream_token() ...
 *     audiosession_deactivate(session, 1);     // 1: tell the interrupted apps they may resume
 *     audiosession_free(session);
 *
 * Events (interruptions, route changes, the sound server or the agent lost and back, the
 * secondary-audio hint) arrive through ONE callback. Poll audiosession_get_fd() for reading and
 * call audiosession_dispatch() when it is readable; with GLib:
 *
 *     static gboolean on_session_fd(gint fd, GIOCondition condition, gpointer session)
 *     {
 *         audiosession_dispatch(session);
 *         return G_SOURCE_CONTINUE;
 *     }
 *     g_unix_fd_add(audiosession_get_fd(session), G_IO_IN, on_session_fd, session);
 *
 * (Qt: a QSocketNotifier on the fd, activated() calling audiosession_dispatch(); SDL or a game
 * loop: poll() the fd with a zero timeout once a frame.) Examples/c/glib-game.c in the project is
 * a whole GLib program; Examples/c/voip-call.c a poll() loop.
 *
 * Names (categories, modes, options, reasons, port types) are strings, exactly as the agent
 * spells them (docs/dbus-api.md in the project lists them; the macros below are the names of
 * interface version 1). A newer agent may send names this header does not list: the library
 * passes them through unchanged, so compare with strcmp and keep a default branch.
 *
 * Threads: a handle is not thread-safe; use it from one thread (the one running its main loop).
 * Every call that talks to the agent blocks until the agent answers (at most about 25 s, libdbus'
 * default timeout). Strings returned by the library stay valid until the next call on the same
 * handle unless said otherwise.
 */
#ifndef AUDIOSESSION_AUDIOSESSION_H
#define AUDIOSESSION_AUDIOSESSION_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The session handle ------------------------------------------------------------------- */

/* One app session. Opaque: create with audiosession_new(), end with audiosession_free(). */
typedef struct audiosession audiosession;

/* Result codes. AUDIOSESSION_OK is 0; every failure is negative. audiosession_last_error()
 * gives the full message of the last failure on a handle, with the agent's own text. */
typedef enum {
    AUDIOSESSION_OK = 0,
    /* There is no session bus (DBUS_SESSION_BUS_ADDRESS unset, or the bus refuses us). */
    AUDIOSESSION_ERROR_NO_BUS = -1,
    /* audiosessiond is neither running nor installed for D-Bus activation, or it stopped and has
     * not come back. The app may carry on without policy; the library registers by itself when
     * the agent appears (see AUDIOSESSION_EVENT_MEDIA_SERVICES_RESET). */
    AUDIOSESSION_ERROR_AGENT_NOT_RUNNING = -2,
    /* Activation refused: a higher-ranked session (a call) is active. The message names it. */
    AUDIOSESSION_ERROR_INSUFFICIENT_PRIORITY = -3,
    /* Activation refused: no sound server is reachable now. */
    AUDIOSESSION_ERROR_MEDIA_SERVICES_UNAVAILABLE = -4,
    /* A category, mode, option or port name the agent does not accept; the message lists the
     * accepted names. */
    AUDIOSESSION_ERROR_UNKNOWN_NAME = -5,
    /* Category, mode and options that break a validity rule; the message names the rule. */
    AUDIOSESSION_ERROR_INVALID_CONFIGURATION = -6,
    /* audiosession_set_preferred_input() with a uid no available input has; the message lists them. */
    AUDIOSESSION_ERROR_NO_SUCH_PORT = -7,
    /* The connection, the app or the agent holds as many sessions as it may. */
    AUDIOSESSION_ERROR_TOO_MANY_SESSIONS = -8,
    /* The app called the agent too often; the message says when to retry. */
    AUDIOSESSION_ERROR_TOO_MANY_CALLS = -9,
    /* A bad argument: NULL where a value is needed, or a value the agent refuses as malformed. */
    AUDIOSESSION_ERROR_INVALID_ARGUMENT = -10,
    /* The handle is not registered (audiosession_connect() was not called or failed). */
    AUDIOSESSION_ERROR_NOT_CONNECTED = -11,
    /* The agent refused for another reason (access denied, an unknown session...); see the message. */
    AUDIOSESSION_ERROR_REFUSED = -12,
    /* The agent answered with a reply of another shape than the contract's. */
    AUDIOSESSION_ERROR_BAD_REPLY = -13,
    /* Out of memory. */
    AUDIOSESSION_ERROR_NO_MEMORY = -14
} audiosession_result;

/* A new, unregistered session for the app with `application_id` (its desktop file id, such as
 * "org.example.Phone"; NULL or "" for none). Returns NULL only when out of memory. */
audiosession *audiosession_new(const char *application_id);

/* Connects to the session bus and registers the session with the agent (starting the agent by
 * D-Bus activation when it is installed but not running). The session starts inactive, as
 * category solo-ambient, mode default. On AUDIOSESSION_ERROR_AGENT_NOT_RUNNING the handle stays
 * connected to the bus and registers as soon as the agent appears; every other call then fails
 * with that code until it does. */
int audiosession_connect(audiosession *session);

/* Unregisters the session (as a deactivation with notify-others), closes its bus connection and
 * frees it. NULL is allowed. Never call it from the event callback. */
void audiosession_free(audiosession *session);

/* A fixed English description of a result code ("the agent is not running", ...). */
const char *audiosession_strerror(int result);

/* The message of the last failure on `session`: what was refused and why, with the agent's own
 * text, for example "Activate: session 3 cannot become active: session:2 of rank 90 is active
 * (org.audiosession.Error.InsufficientPriority)". "" when no call has failed yet. */
const char *audiosession_last_error(const audiosession *session);

/* ---- Configuration and activation --------------------------------------------------------- */

#define AUDIOSESSION_CATEGORY_AMBIENT "ambient"
#define AUDIOSESSION_CATEGORY_SOLO_AMBIENT "solo-ambient"
#define AUDIOSESSION_CATEGORY_PLAYBACK "playback"
#define AUDIOSESSION_CATEGORY_RECORD "record"
#define AUDIOSESSION_CATEGORY_PLAY_AND_RECORD "play-and-record"
#define AUDIOSESSION_CATEGORY_MULTI_ROUTE "multi-route"

#define AUDIOSESSION_MODE_DEFAULT "default"
#define AUDIOSESSION_MODE_VOICE_CHAT "voice-chat"
#define AUDIOSESSION_MODE_VIDEO_CHAT "video-chat"
#define AUDIOSESSION_MODE_GAME_CHAT "game-chat"
#define AUDIOSESSION_MODE_VIDEO_RECORDING "video-recording"
#define AUDIOSESSION_MODE_MEASUREMENT "measurement"
#define AUDIOSESSION_MODE_MOVIE_PLAYBACK "movie-playback"
#define AUDIOSESSION_MODE_SPOKEN_AUDIO "spoken-audio"
#define AUDIOSESSION_MODE_VOICE_PROMPT "voice-prompt"

#define AUDIOSESSION_OPTION_MIX_WITH_OTHERS "mix-with-others"
#define AUDIOSESSION_OPTION_DUCK_OTHERS "duck-others"
#define AUDIOSESSION_OPTION_INTERRUPT_SPOKEN_AUDIO_AND_MIX "interrupt-spoken-audio-and-mix-with-others"
#define AUDIOSESSION_OPTION_ALLOW_BLUETOOTH_HFP "allow-bluetooth-hfp"
#define AUDIOSESSION_OPTION_ALLOW_BLUETOOTH_A2DP "allow-bluetooth-a2dp"
#define AUDIOSESSION_OPTION_DEFAULT_TO_SPEAKER "default-to-speaker"

/* Declares what the session's audio is: a category, a mode (never NULL: send
 * AUDIOSESSION_MODE_DEFAULT) and `option_count` options. The agent checks the names and the
 * validity rules (voice-chat needs play-and-record, ...); the library keeps the configuration and
 * sends it again after an agent restart. */
int audiosession_set_configuration(audiosession *session, const char *category, const char *mode,
                                   const char *const *options, size_t option_count);

/* Asks for the session to become active: a non-mixable session interrupts the other active
 * sessions of equal or lower rank; a call outranking it refuses
 * (AUDIOSESSION_ERROR_INSUFFICIENT_PRIORITY). */
int audiosession_activate(audiosession *session);

/* Makes the session inactive. With `notify_others` non-zero, the sessions it interrupted get an
 * interruption-ended event with should_resume set (do this when a call hangs up). */
int audiosession_deactivate(audiosession *session, int notify_others);

#define AUDIOSESSION_ACTIVITY_ACTIVE "active"
#define AUDIOSESSION_ACTIVITY_INACTIVE "inactive"
#define AUDIOSESSION_ACTIVITY_INTERRUPTED "interrupted"

/* Where the session stands as the agent holds it: `*activity` (one of the ACTIVITY names; valid
 * until the next call on the handle) and whether any other app's audio is playing now. Either
 * pointer may be NULL. */
int audiosession_get_state(audiosession *session, const char **activity, int *other_audio_playing);

/* ---- Routes, inputs and the output override ----------------------------------------------- */

#define AUDIOSESSION_PORT_BUILT_IN_SPEAKER "built-in-speaker"
#define AUDIOSESSION_PORT_BUILT_IN_RECEIVER "built-in-receiver"
#define AUDIOSESSION_PORT_BUILT_IN_MIC "built-in-mic"
#define AUDIOSESSION_PORT_HEADPHONES "headphones"
#define AUDIOSESSION_PORT_HEADSET_MIC "headset-mic"
#define AUDIOSESSION_PORT_LINE_OUT "line-out"
#define AUDIOSESSION_PORT_LINE_IN "line-in"
#define AUDIOSESSION_PORT_HDMI "hdmi"
#define AUDIOSESSION_PORT_DISPLAY_PORT "display-port"
#define AUDIOSESSION_PORT_USB_AUDIO "usb-audio"
#define AUDIOSESSION_PORT_BLUETOOTH_A2DP "bluetooth-a2dp"
#define AUDIOSESSION_PORT_BLUETOOTH_HFP "bluetooth-hfp"
#define AUDIOSESSION_PORT_BLUETOOTH_LE "bluetooth-le"
#define AUDIOSESSION_PORT_VIRTUAL "virtual"
#define AUDIOSESSION_PORT_GENERIC "generic"

/* A device the session's audio uses. */
typedef struct {
    const char *name;  /* for people: "Headphones", "USB Headset" */
    const char *uid;   /* the sound server's device name; what audiosession_set_preferred_input() takes */
    const char *type;  /* a PORT name above, or a newer one */
    unsigned channels;
} audiosession_port;

/* The inputs and outputs of a session's audio. */
typedef struct {
    const audiosession_port *inputs;
    size_t input_count;
    const audiosession_port *outputs;
    size_t output_count;
} audiosession_route;

/* The route the session's audio uses now: the devices of its streams, or the ones a new stream
 * would get (its preferred input, a call's headset, else the defaults; inputs only for record
 * and play-and-record). Free `*route` with audiosession_route_free(). */
int audiosession_get_current_route(audiosession *session, audiosession_route **route);

/* Frees a route from audiosession_get_current_route(). NULL is allowed. */
void audiosession_route_free(audiosession_route *route);

/* The inputs the session could record from now (the sound server's capture devices, monitors
 * excluded), in `(*available)->inputs`; its outputs are empty. These uids are what
 * audiosession_set_preferred_input() accepts. Free `*available` with audiosession_route_free().
 * An agent older than this call answers AUDIOSESSION_ERROR_REFUSED (its UnknownMethod error).
 *
 *     audiosession_route *available = NULL;
 *     if (audiosession_get_available_inputs(session, &available) == AUDIOSESSION_OK) {
 *         for (size_t i = 0; i < available->input_count; i++)
 *             printf("%s (%s)\n", available->inputs[i].name, available->inputs[i].type);
 *         audiosession_route_free(available);
 *     }
 */
int audiosession_get_available_inputs(audiosession *session, audiosession_route **available);

/* Prefers the input with `uid` (a port uid from a route or the available inputs: the sound server's source name)
 * for the session's capture streams; NULL or "" clears the preference. The desktop's default
 * input does not change. Unknown uids fail with AUDIOSESSION_ERROR_NO_SUCH_PORT, whose message
 * lists the available inputs' uids. */
int audiosession_set_preferred_input(audiosession *session, const char *uid);

/* ---- Hardware values and preferences ---------------------------------------------------------- */

/* What the sound server uses for the session's route (its first output and input), as the agent
 * reads it (GetHardwareValues in docs/dbus-api.md). Set `size` to sizeof(audiosession_hardware_values)
 * before the call: a later version adds fields at the end and fills only those within `size`. */
typedef struct {
    size_t size;
    unsigned output_sample_rate;         /* frames per second; 0 when the server does not say */
    unsigned input_sample_rate;          /* on PipeWire the graph's rate, on PulseAudio the device's */
    unsigned output_channels;            /* 0 when unknown (no such device in the route) */
    unsigned input_channels;
    double output_latency;               /* seconds; -1 when the server reports none (native PipeWire) */
    double input_latency;
    double io_buffer_duration;           /* seconds: PipeWire's quantum at its rate; on PulseAudio the
                                            device's configured latency; -1 when unknown */
    unsigned io_buffer_frames;           /* the same in frames; 0 when unknown */
    unsigned preferred_sample_rate;      /* the session's preferences (0: none) */
    double preferred_io_buffer_duration;
    int preferences_applied;             /* 1 while the agent forces them on the server */
} audiosession_hardware_values;

/* Fills `*values` (whose `size` the app set) with what the server uses now:
 *
 *     audiosession_hardware_values values = { .size = sizeof values };
 *     if (audiosession_get_hardware_values(session, &values) == AUDIOSESSION_OK)
 *         printf("%u Hz, buffer %.1f ms\n", values.output_sample_rate, values.io_buffer_duration * 1000);
 *
 * An agent older than this call answers AUDIOSESSION_ERROR_REFUSED (its UnknownMethod error). */
int audiosession_get_hardware_values(audiosession *session, audiosession_hardware_values *values);

/* Prefers a sample rate (frames per second, 8000 to 384000) and an I/O buffer duration (seconds,
 * 0.0005 to 2); 0 for no preference. As on iOS they reach the device only while the session is
 * active and not mixable: on PipeWire the agent then forces the graph clock, and writes back
 * what it found when the session deactivates, is interrupted, or the app exits or crashes. On
 * PulseAudio the device's rate is the server's configuration: the preferences are kept (no
 * error) and describe the app's own streams. Out-of-range values fail with
 * AUDIOSESSION_ERROR_INVALID_ARGUMENT and a message giving the range. Without the agent the
 * preferences are kept (AUDIOSESSION_ERROR_AGENT_NOT_RUNNING) and sent when it appears, and again
 * after an agent restart. */
int audiosession_set_preferred_hardware(audiosession *session, unsigned sample_rate, double io_buffer_duration);

/* Asks the agent for the session's secondary-audio hint now: `*begun` is 1 after "begin" (other
 * apps' primary audio plays), 0 after "end" or when none was sent. The events say the same as it
 * changes; audiosession_secondary_audio_should_be_silenced() gives the last one received. */
int audiosession_get_secondary_audio_hint(audiosession *session, int *begun);

/* Echo-cancelled input as the app's own choice (docs/dbus-api.md: SetPrefersEchoCancelledInput):
 * 1 asks for it whatever the mode (with the shipped policy an active session that records then
 * gets an echo canceller, as a voice-chat call does), 0 declines it (a voice-chat session's
 * canceller goes away). The policy decides what wins ([voice-processing] honour-app-request,
 * app-can-turn-off). 1 fails with AUDIOSESSION_ERROR_INVALID_CONFIGURATION for a session that
 * does not record (ambient, solo-ambient, playback) or in measurement mode, and the message says
 * which; the choice is then not kept. It is kept for the session's life and sent again after an
 * agent restart; without the agent it is sent when one appears (AUDIOSESSION_ERROR_AGENT_NOT_RUNNING).
 *
 *     int available = 0;
 *     if (audiosession_is_echo_cancelled_input_available(s, &available) == AUDIOSESSION_OK && available)
 *         audiosession_set_prefers_echo_cancelled_input(s, 1);
 */
int audiosession_set_prefers_echo_cancelled_input(audiosession *session, int prefers);

/* `*available` is 1 when asking for echo-cancelled input would give the session a canceller now:
 * the policy covers its category and mode and its devices are present (its activity does not
 * count: the canceller comes with activation); 0 otherwise. */
int audiosession_is_echo_cancelled_input_available(audiosession *session, int *available);

/* Mutes (1) or unmutes (0) all of the app's input, as AVAudioApplication's setInputMuted does
 * (docs/dbus-api.md: SetInputMuted): the agent mutes every capture stream carrying the session's
 * token on the server, those opened later too; the app keeps recording and reads silence. The
 * device and other apps are left alone. The agent undoes it when the app unmutes, frees the
 * session or exits, and when the agent stops; the library mutes again after an agent restart.
 * Only the agent can do it: without one the call fails with AUDIOSESSION_ERROR_AGENT_NOT_RUNNING
 * and nothing is kept.
 *
 *     if (audiosession_set_input_muted(s, !audiosession_is_input_muted(s)) != AUDIOSESSION_OK)
 *         show_error(audiosession_last_error(s));
 */
int audiosession_set_input_muted(audiosession *session, int muted);

/* 1 while the app's input is muted by audiosession_set_input_muted(), else 0 (NULL too). */
int audiosession_is_input_muted(const audiosession *session);

/* The session preferences (docs/dbus-api.md: SetSessionPreference), each off until the app sets
 * it, as on iOS:
 * - INTERRUPTION_ON_ROUTE_DISCONNECT (iOS 17's prefersInterruptionOnRouteDisconnect): when a
 *   device the active session's route uses goes away, the session is interrupted (reason
 *   "route-disconnected") besides the old-device-unavailable route change, until the device is
 *   back (the end carries no should-resume). The policy may ignore it
 *   ([interruption] interrupt-on-route-disconnect).
 * - NO_INTERRUPTIONS_FROM_SYSTEM_ALERTS (iOS 14.5): notification and alert sounds neither
 *   interrupt nor duck the session ([interruption] honour-no-alert-interruptions).
 * - SYSTEM_SOUNDS_DURING_RECORDING (iOS 13's allowHapticsAndSystemSoundsDuringRecording): while
 *   the session records, notification sounds stay audible where the policy would silence them
 *   ([interruption] honour-system-sounds-during-recording). */
#define AUDIOSESSION_PREFERENCE_INTERRUPTION_ON_ROUTE_DISCONNECT "interruption-on-route-disconnect"
#define AUDIOSESSION_PREFERENCE_NO_INTERRUPTIONS_FROM_SYSTEM_ALERTS "no-interruptions-from-system-alerts"
#define AUDIOSESSION_PREFERENCE_SYSTEM_SOUNDS_DURING_RECORDING "system-sounds-during-recording"

/* Sets one of the preferences above to 1 or 0. An unknown name fails with
 * AUDIOSESSION_ERROR_INVALID_ARGUMENT and the message lists the known ones. The choice is kept for
 * the session's life and sent again after an agent restart; without the agent it is sent when one
 * appears (AUDIOSESSION_ERROR_AGENT_NOT_RUNNING). Since AUDIOSESSION_1.2.
 *
 *     if (audiosession_set_session_preference(s, AUDIOSESSION_PREFERENCE_INTERRUPTION_ON_ROUTE_DISCONNECT, 1)
 *             != AUDIOSESSION_OK)
 *         show_error(audiosession_last_error(s));
 */
int audiosession_set_session_preference(audiosession *session, const char *preference, int value);

/* 1 when the app set `preference` to 1, else 0 (never set, set to 0, unknown, NULL). Since
 * AUDIOSESSION_1.2. */
int audiosession_get_session_preference(const audiosession *session, const char *preference);

#define AUDIOSESSION_OUTPUT_OVERRIDE_NONE "none"
#define AUDIOSESSION_OUTPUT_OVERRIDE_SPEAKER "speaker"

/* For an active play-and-record session: AUDIOSESSION_OUTPUT_OVERRIDE_SPEAKER sends its output
 * to the built-in speaker whatever else is plugged in, AUDIOSESSION_OUTPUT_OVERRIDE_NONE ends the
 * override. The override ends by itself on the next device change or interruption. */
int audiosession_override_output(audiosession *session, const char *port);

/* ---- Tagging streams ------------------------------------------------------------------------ */

/* Put these two properties on every stream the session plays or records (libpulse: the stream's
 * proplist, pa_proplist_sets(); PipeWire: the node's properties), so the agent knows the stream
 * is the session's:
 *
 *     pa_proplist_sets(props, AUDIOSESSION_STREAM_PROPERTY_TOKEN, audiosession_stream_token(s));
 *     pa_proplist_sets(props, AUDIOSESSION_STREAM_PROPERTY_CLIENT_NONCE, audiosession_client_nonce(s));
 */
#define AUDIOSESSION_STREAM_PROPERTY_TOKEN "audiosession.token"
#define AUDIOSESSION_STREAM_PROPERTY_CLIENT_NONCE "audiosession.client-nonce"

/* The session's stream token, "" before registration. It survives agent restarts (the library
 * proves it owns it with the secret the agent gave), so streams keep it for their whole life. */
const char *audiosession_stream_token(const audiosession *session);

/* The one-time value that binds the app's sound-server client to the session; "" before
 * registration. A new one comes with each registration (after an agent restart too): tag
 * streams opened after that with the new value. */
const char *audiosession_client_nonce(const audiosession *session);

/* ---- Events ----------------------------------------------------------------------------------- */

typedef enum {
    /* Another app's audio interrupted the session; its streams are silenced: pause. `reason`. */
    AUDIOSESSION_EVENT_INTERRUPTION_BEGAN = 1,
    /* The interruption is over; the session is inactive. With `should_resume`, activate again
     * and resume. */
    AUDIOSESSION_EVENT_INTERRUPTION_ENDED = 2,
    /* The session's route changed for `reason`; `previous_route` is the route before. On
     * "old-device-unavailable" (headphones unplugged) pause. */
    AUDIOSESSION_EVENT_ROUTE_CHANGED = 3,
    /* The sound server or the agent went away (`reason` "sound-server" or "agent"). The session
     * stays configured; its streams may be gone. Sent once until the reset. */
    AUDIOSESSION_EVENT_MEDIA_SERVICES_LOST = 4,
    /* They are back: the library has registered again if the agent restarted (same token, same
     * configuration, active again if it was). Recreate streams, read the route again. */
    AUDIOSESSION_EVENT_MEDIA_SERVICES_RESET = 5,
    /* For ambient and solo-ambient sessions: another app's primary audio began ("begin": mute
     * a game's soundtrack) or the last of it ended ("end"). `reason` is the hint. */
    AUDIOSESSION_EVENT_SECONDARY_AUDIO_HINT = 6
} audiosession_event_type;

#define AUDIOSESSION_INTERRUPTION_REASON_DEFAULT "default"
#define AUDIOSESSION_INTERRUPTION_REASON_APP_WAS_SUSPENDED "app-was-suspended"
#define AUDIOSESSION_INTERRUPTION_REASON_ROUTE_DISCONNECTED "route-disconnected"
/* The user muted the input the session records from; it ends when the input is unmuted. */
#define AUDIOSESSION_INTERRUPTION_REASON_BUILT_IN_MIC_MUTED "built-in-mic-muted"

#define AUDIOSESSION_ROUTE_CHANGE_UNKNOWN "unknown"
#define AUDIOSESSION_ROUTE_CHANGE_NEW_DEVICE_AVAILABLE "new-device-available"
#define AUDIOSESSION_ROUTE_CHANGE_OLD_DEVICE_UNAVAILABLE "old-device-unavailable"
#define AUDIOSESSION_ROUTE_CHANGE_CATEGORY_CHANGE "category-change"
#define AUDIOSESSION_ROUTE_CHANGE_OVERRIDE "override"
#define AUDIOSESSION_ROUTE_CHANGE_WAKE_FROM_SLEEP "wake-from-sleep"
#define AUDIOSESSION_ROUTE_CHANGE_NO_SUITABLE_ROUTE "no-suitable-route-for-category"
#define AUDIOSESSION_ROUTE_CHANGE_CONFIGURATION_CHANGE "route-configuration-change"

#define AUDIOSESSION_SECONDARY_AUDIO_HINT_BEGIN "begin"
#define AUDIOSESSION_SECONDARY_AUDIO_HINT_END "end"

#define AUDIOSESSION_MEDIA_SERVICES_SOUND_SERVER "sound-server"
#define AUDIOSESSION_MEDIA_SERVICES_AGENT "agent"

/* One event. Pointers are valid only during the callback. */
typedef struct {
    audiosession_event_type type;
    /* The interruption reason, the route change reason, the hint, or what was lost or reset;
     * never NULL. Names this header does not list are passed through. */
    const char *reason;
    /* AUDIOSESSION_EVENT_INTERRUPTION_ENDED: non-zero when the app should resume. */
    int should_resume;
    /* AUDIOSESSION_EVENT_ROUTE_CHANGED: the route before the change; NULL otherwise. */
    const audiosession_route *previous_route;
} audiosession_event;

typedef void (*audiosession_event_callback)(audiosession *session, const audiosession_event *event,
                                            void *user_data);

/* Sets the one callback that receives every event (NULL to stop). It runs only inside
 * audiosession_dispatch(); it may call the library's other functions except audiosession_free(). */
void audiosession_set_event_callback(audiosession *session, audiosession_event_callback callback,
                                     void *user_data);

/* A file descriptor that becomes readable when events wait: add it to the app's main loop for
 * reading (POLLIN) and call audiosession_dispatch() then. -1 before audiosession_connect() or
 * when there is no bus. The descriptor stays the same for the handle's life; do not read it or
 * close it. */
int audiosession_get_fd(const audiosession *session);

/* Reads what waits without blocking and delivers the events to the callback. Returns
 * AUDIOSESSION_OK, or AUDIOSESSION_ERROR_NO_BUS when the bus connection is closed (the session
 * bus ended: the desktop session is over). */
int audiosession_dispatch(audiosession *session);

/* Whether other apps' primary audio plays now (the last secondary-audio hint was "begin"), for
 * ambient and solo-ambient sessions: a game starting mid-call starts its soundtrack muted. */
int audiosession_secondary_audio_should_be_silenced(const audiosession *session);

#ifdef __cplusplus
}
#endif

#endif
