/// The navigation app of the restart test: `sh -c SCRIPT prompt-loop GATE FILE` plays FILE with
/// paplay whenever GATE exists, again after each end (the server going away ends it); SIGTERM
/// ends the player and the loop.
enum PromptLoop {
    static let script = """
        gate=$1; file=$2; player=
        trap '[ -n "$player" ] && kill "$player" 2>/dev/null; exit 0' TERM INT
        while :; do
          if [ -e "$gate" ]; then
            paplay --property=media.name=prompt "$file" & player=$!
            wait "$player"; player=
          fi
          sleep 0.1
        done
        """
}
