"""The live page under load: see benchmarks/live (which runs this) and benchmarks/README.md."""

import os
import re
import select
import socket
import statistics
import subprocess
import sys
import time


def main(binary, rounds):
    commands = "locate sydney; launch; auth allow" + "; likely; back" * (rounds + 2)
    process = subprocess.Popen(
        [binary, "--live", "0", "--pace", "key", "--no-history", "-c", commands],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    line = process.stderr.readline().decode()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line)
    if not match:
        print("live: no address from placeshell: " + line, file=sys.stderr)
        return 2
    port, token = int(match.group(1)), match.group(2)
    host = "Host: 127.0.0.1:%d\r\n" % port

    def stream():
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(("GET /events?token=%s HTTP/1.1\r\n%s\r\n" % (token, host)).encode())
        return s

    viewer = stream()
    buffered = b""

    def next_frame():
        """Lets the next command run; the seconds until its frame reaches the viewer."""
        nonlocal buffered
        started = time.perf_counter()
        process.stdin.write(b"\n")
        process.stdin.flush()
        while True:
            end = buffered.find(b"\n\n", buffered.find(b"event: frame"))
            if buffered.find(b"event: frame") >= 0 and end >= 0:
                buffered = buffered[end + 2:]
                return time.perf_counter() - started
            ready, _, _ = select.select([viewer], [], [], 60)
            if not ready:
                raise RuntimeError("no frame in 60 s: a command was held up")
            chunk = viewer.recv(1 << 20)
            if not chunk:
                raise RuntimeError("the viewer was let go")
            buffered += chunk

    def drain_initial():
        nonlocal buffered
        while buffered.count(b"event: frame") < 1:
            buffered += viewer.recv(1 << 20)
        buffered = buffered[buffered.find(b"\n\n", buffered.find(b"event: frame")) + 2:]

    def usage():
        try:
            fds = len(os.listdir("/proc/%d/fd" % process.pid))
            with open("/proc/%d/status" % process.pid) as f:
                rss = next(int(l.split()[1]) for l in f if l.startswith("VmRSS:"))
            return fds, rss
        except OSError:
            return None, None

    drain_initial()
    next_frame()  # locate sydney
    next_frame()  # launch
    next_frame()  # auth allow
    before = usage()

    # The crowd: 50 viewers read everything in the background of this loop; one never reads;
    # slow and malformed requests are opened afresh each busy round.
    crowd = []
    silent = []
    slow = []

    def load_on():
        for _ in range(50):
            crowd.append(stream())
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", port))
        s.sendall(("GET /events?token=%s HTTP/1.1\r\n%s\r\n" % (token, host)).encode())
        silent.append(s)

    def busy_extras():
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /?token=" + token.encode() + b" HTTP/1.1\r\nHost: 127.")
        slow.append(s)
        m = socket.create_connection(("127.0.0.1", port))
        m.sendall(b"\x00\x01\x02 nonsense\r\n\r\n")
        slow.append(m)

    def read_crowd():
        while True:
            ready, _, _ = select.select(crowd, [], [], 0)
            if not ready:
                return
            for s in ready:
                if not s.recv(1 << 20):
                    crowd.remove(s)

    def settle():
        """A request answered: placeshell has dealt with what came before it (closed sockets)."""
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET / HTTP/1.1\r\n" + host.encode() + b"\r\n")
        while s.recv(1 << 16):
            pass
        s.close()

    quiet, busy = [], []
    for i in range(rounds):
        if i % 2 == 0:
            # One viewer: the crowd of the last busy command leaves first.
            for s in crowd + slow:
                s.close()
            crowd.clear()
            slow.clear()
            settle()
            quiet.append(next_frame())
        else:
            load_on()
            busy_extras()
            busy.append(next_frame())
            read_crowd()
    for s in crowd + slow + silent:
        s.close()
    # Let placeshell notice the closed sockets (one more command serves them), then count.
    next_frame()
    after = usage()
    process.stdin.write(b"\n" * (rounds + 10))
    process.stdin.flush()
    process.send_signal(2)
    process.wait(timeout=60)

    q, b = statistics.median(quiet), statistics.median(busy)
    print("commands timed: %d quiet, %d busy (50 viewers, a silent one, slow and malformed requests)"
          % (len(quiet), len(busy)))
    print("median from Return to the viewer's frame: quiet %.2f ms, busy %.2f ms (%.2fx)"
          % (q * 1000, b * 1000, b / q))
    print("90th percentile: quiet %.2f ms, busy %.2f ms"
          % (sorted(quiet)[int(len(quiet) * 0.9)] * 1000, sorted(busy)[int(len(busy) * 0.9)] * 1000))
    if before[0] is not None:
        print("placeshell's descriptors: %d before the crowd, %d after; resident memory %d KiB, %d KiB"
              % (before[0], after[0], before[1], after[1]))
    p90 = sorted(busy)[int(len(busy) * 0.9)]
    missed = p90 > 0.1 or (before[0] is not None and after[0] > before[0])
    print("target: 9 busy commands in 10 on the page within 100 ms, descriptors back where they were: "
          + ("MISSED" if missed else "met"))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2])))
