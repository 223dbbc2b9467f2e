"""`chunker serve` run for a test: started on a free port of 127.0.0.1, asked
over HTTP, stopped by SIGTERM (which must end it with status 0, leaving no
temporary file in its cache directory). Its stderr lines (one a solve's
start and end) are collected as they come."""
import http.client
import json
import os
import subprocess
import threading
import time


class Server:
    def __init__(self, chunker, data, cache, *options):
        self.cache = cache
        self.log = []
        self.process = subprocess.Popen(
            [chunker, "serve", "--port", "0", "--data", data, "--libraries", data, "--cache", cache, *options],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()  # "chunker serve: listening on http://127.0.0.1:PORT/"
        if "listening on" not in line:
            raise RuntimeError("chunker serve did not start: " + line + self.process.stderr.read())
        self.port = int(line.rsplit(":", 1)[1].strip(" /\n"))
        self.reader = threading.Thread(target=self._read_log, daemon=True)
        self.reader.start()

    def _read_log(self):
        for line in self.process.stderr:
            self.log.append(line.rstrip("\n"))

    def wait_for_log(self, prefix, seconds=300):
        """The first stderr line that starts with `prefix` (a hang fails the test instead of stalling it)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for line in list(self.log):
                if line.startswith(prefix):
                    return line
            time.sleep(0.05)
        raise AssertionError(f"no line '{prefix}...' from chunker serve in {seconds} s: {self.log}")

    def get(self, target, method="GET"):
        """(status, headers, body) of one request on a new connection."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        connection.request(method, target)
        response = connection.getresponse()
        body = response.read().decode()
        connection.close()
        return response.status, dict(response.getheaders()), body

    def get_json(self, target):
        status, _, body = self.get(target)
        return status, json.loads(body)

    def stop(self):
        """SIGTERM: the server ends with status 0 and leaves no temporary file."""
        self.process.terminate()
        status = self.process.wait(timeout=120)
        self.process.stdout.close()
        self.reader.join(timeout=10)
        leftovers = [name for name in os.listdir(self.cache) if ".tmp" in name] if os.path.isdir(self.cache) else []
        if status != 0 or leftovers:
            raise AssertionError(f"chunker serve after SIGTERM: status {status}, temporary files {leftovers}")
