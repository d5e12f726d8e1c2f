import AudioSessionTesting
import Foundation

/// A WebRTC call as a web page makes one, served over http://127.0.0.1 (a secure context, so
/// `getUserMedia` works) by Python's `http.server` on a free port.
///
/// The page holds the default microphone and plays a 440 Hz tone through WebAudio; it asks the
/// server for `hangup` four times a second, and once the file is there it stops its microphone
/// (the page stays open and its tone plays on), as a call app's hang-up button does.
struct CallPage {
    let server: ChildProcess
    let directory: String
    let url: String

    /// The page's title: Firefox names its playback and capture streams after it.
    static let title = "Browser call"

    /// Writes the page under the rig's directory and serves it; returns once the server listens.
    static func serve(in rig: AgentRig) async throws -> CallPage {
        let directory = rig.directory + "/call-page"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try html.write(toFile: directory + "/call.html", atomically: true, encoding: .utf8)
        // Port 0: the kernel picks a free port and the server prints it.
        let server = try rig.server.spawn(
            "/usr/bin/python3", ["-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", directory, "0"])
        let port = try await waitForValue("the page server prints its port", timeout: .seconds(20)) { () throws -> Int? in
            guard server.isRunning else { throw AgentRig.AgentExited(log: "the page server exited: \(server.standardError)") }
            return server.standardOutput.split(separator: "\n").lazy.compactMap(Self.port(in:)).first
        }
        return CallPage(server: server, directory: directory, url: "http://127.0.0.1:\(port)/call.html")
    }

    /// The port of http.server's "Serving HTTP on 127.0.0.1 port 40621 (...)" line.
    private static func port(in line: Substring) -> Int? {
        guard let range = line.range(of: " port ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// Makes the page stop its microphone.
    func hangUp() throws {
        try "".write(toFile: directory + "/hangup", atomically: true, encoding: .utf8)
    }

    func stop() { server.kill() }

    static let html = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>\(title)</title></head><body>
        <script>
        let microphone = null;
        async function call() {
          microphone = await navigator.mediaDevices.getUserMedia({audio: true});
          const context = new AudioContext();
          const tone = context.createOscillator();
          tone.frequency.value = 440;
          tone.connect(context.destination);
          tone.start();
          await context.resume();
          console.log("call: started, audio " + context.state);
          setInterval(async () => {
            const answer = await fetch("hangup", {cache: "no-store"});
            if (answer.ok && microphone) {
              microphone.getTracks().forEach(track => track.stop());
              microphone = null;
              console.log("call: hung up");
            }
          }, 250);
        }
        call().catch(error => console.log("call: failed: " + error));
        </script></body></html>

        """
}
