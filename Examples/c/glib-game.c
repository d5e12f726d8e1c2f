/* A game's soundtrack on a GLib main loop with libaudiosession: the session is ambient (it mixes
 * with everything and interrupts nobody), and the game mutes its soundtrack while another app's
 * primary audio plays (the secondary-audio hint), bringing it back when that ends. The session's
 * descriptor is one more source of the app's GMainLoop, as in GTK apps.
 *
 *     cc glib-game.c -o glib-game $(pkg-config --cflags --libs audiosession glib-2.0)
 *     ./glib-game [--seconds N]      # exits 0 after one hint begins and ends; 3 when none within N s
 */
#include <glib-unix.h>
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include <audiosession/audiosession.h>

struct game {
    audiosession *session;
    GMainLoop *loop;
    guint watch;
    int heard_begin;
    int exit_status;
};

static void on_event(audiosession *session, const audiosession_event *event, void *user_data)
{
    (void)session;
    struct game *game = user_data;
    if (event->type != AUDIOSESSION_EVENT_SECONDARY_AUDIO_HINT) {
        printf("event %d: %s\n", (int)event->type, event->reason);
        return;
    }
    if (strcmp(event->reason, AUDIOSESSION_SECONDARY_AUDIO_HINT_BEGIN) == 0) {
        game->heard_begin = 1;
        printf("soundtrack silenced: secondary audio hint\n");
    } else if (strcmp(event->reason, AUDIOSESSION_SECONDARY_AUDIO_HINT_END) == 0 && game->heard_begin) {
        printf("soundtrack back: the hint ended\n");
        g_main_loop_quit(game->loop);
    } else {
        printf("secondary audio hint: %s\n", event->reason);  /* a hint this game does not know */
    }
}

/* The GLib integration the header shows: dispatch whenever the session's descriptor is readable. */
static gboolean on_session_fd(gint fd, GIOCondition condition, gpointer user_data)
{
    (void)fd;
    (void)condition;
    struct game *game = user_data;
    if (audiosession_dispatch(game->session) != AUDIOSESSION_OK) {
        fprintf(stderr, "glib-game: %s\n", audiosession_last_error(game->session));
        game->exit_status = 1;
        game->watch = 0;
        g_main_loop_quit(game->loop);
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

static gboolean give_up(gpointer user_data)
{
    struct game *game = user_data;
    printf("no secondary-audio hint came and went in time\n");
    game->exit_status = 3;
    g_main_loop_quit(game->loop);
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    unsigned seconds = 60;
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--seconds") == 0)
            seconds = (unsigned)g_ascii_strtoull(argv[i + 1], NULL, 10);
    }
    struct game game = { .session = audiosession_new("org.audiosession.examples.GlibGame"),
                         .loop = g_main_loop_new(NULL, FALSE) };
    if (!game.session)
        return 1;
    audiosession_set_event_callback(game.session, on_event, &game);
    if (audiosession_connect(game.session) != AUDIOSESSION_OK
        || audiosession_set_configuration(game.session, AUDIOSESSION_CATEGORY_AMBIENT, AUDIOSESSION_MODE_DEFAULT,
                                          NULL, 0) != AUDIOSESSION_OK
        || audiosession_activate(game.session) != AUDIOSESSION_OK) {
        fprintf(stderr, "glib-game: %s\n", audiosession_last_error(game.session));
        audiosession_free(game.session);
        g_main_loop_unref(game.loop);
        return 1;
    }
    game.watch = g_unix_fd_add(audiosession_get_fd(game.session), G_IO_IN, on_session_fd, &game);
    g_timeout_add_seconds(seconds, give_up, &game);
    printf("soundtrack playing (ambient session)\n");
    g_main_loop_run(game.loop);

    if (game.watch)
        g_source_remove(game.watch);
    audiosession_deactivate(game.session, 0);
    audiosession_free(game.session);
    g_main_loop_unref(game.loop);
    return game.exit_status;
}
