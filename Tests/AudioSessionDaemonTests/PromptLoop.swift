/// The navigation app of the restart test: `sh -c SCRIPT prompt-loop GATE FILE` plays FILE with
/// paplay whenever GATE exists, again after each end (the server going away ends it); SIGTERM
/// ends the player and the loop. The loop also ends when its parent is gone or the test's
/// directory was removed, so a test process killed mid-run leaves no loop behind.
enum PromptLoop {
    static let script = """
        gate=$1; file=$2; player=
        trap '[ -n "$player" ] && kill "$player" 2>/dev/null; exit 0' TERM INT
        owner=$PPID
        while kill -0 "$owner" 2>/dev/null && [ -d "${gate%/*}" ]; do
          if [ -e "$gate" ]; then
            paplay --property=media.name=prompt "$file" & player=$!
            wait "$player"; player=
          fi
          sleep 0.1
        done
        """
}
