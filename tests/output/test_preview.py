"""pnp preview: the gallery holds every face at its exact size, the checks pnp validate prints, colour-vision copies;
it loads in a real headless Chromium with no console error and every image shown where the page puts it."""
import base64
import io
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from generator.components import KINDS
from generator.output import preview
from generator.spec import loader as specs
from generator.draw import svg
from generator.check import vision
from generator.cli import cli
from generator.spec.expand import expand
from generator.output.formats.png import face_png

GAMES = [p.stem for p in specs.shipped()]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
POSIES = specs.SPECS / "posies.yaml"


class Page(HTMLParser):
    """The parts of a gallery page the tests read: images, the check lines, each component's facts."""

    def __init__(self, text):
        super().__init__()
        self.images, self.checks, self.facts, self._in, self._component = [], [], {}, None, None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "img":
            self.images.append(attrs)
        elif tag == "section" and attrs.get("id", "").startswith("c-"):
            self._component = attrs["id"][2:]
            self.facts[self._component] = {}
        elif tag == "li":
            self.checks.append([attrs.get("class"), ""])
            self._in = "li"
        elif tag in ("dt", "dd"):
            self._in = tag

    def handle_endtag(self, tag):
        if tag in ("li", "dt", "dd"):
            self._in = None

    def handle_data(self, data):
        if self._in == "li":
            self.checks[-1][1] += data
        elif self._in == "dt":
            self._key = data
        elif self._in == "dd":
            self.facts[self._component][self._key] = data


def gallery(tmp_path, *args):
    """Run pnp preview; return the gallery folder and its parsed page."""
    result = CliRunner().invoke(cli, ["preview", *args, "--out", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    where = Path(result.output.split(":")[0]).parent
    return where, Page((where / "index.html").read_text())


@pytest.mark.parametrize("game", GAMES)
def test_every_face_at_its_size_with_counts(tmp_path, game):
    spec = specs.load(game)
    pieces, arts = expand(spec)
    where, page = gallery(tmp_path, game)
    shown = {img["src"] for img in page.images}
    assert {f"faces/{key}.png" for key in arts} <= shown
    assert len([s for s in shown if s.startswith("seen/")]) == 4 * len(spec.components)
    for key, art in arts.items():  # 100 dpi, with bleed: a 63 x 88 mm card with 3 mm bleed is 272 x 370 px
        w, h = spec.component(art.component).bleed_box
        with Image.open(where / "faces" / f"{key}.png") as image:
            assert image.size == (round(w / 25.4 * 100), round(h / 25.4 * 100))
    for comp in spec.components:
        facts = page.facts[comp.id]
        assert int(facts["count"].split()[0]) == sum(p.component == comp.id for p in pieces) == comp.expect
        assert facts["bleed"] == f"{comp.bleed:g} mm"
        assert facts["double-sided"] == ("yes" if comp.back else "no")
        faces = [img for img in page.images if img["src"].startswith("faces/") and img["src"][6:-4] in arts
                 and arts[img["src"][6:-4]].component == comp.id]
        per_face = sum(int(img["alt"].rsplit("×", 1)[1]) for img in faces if arts[img["src"][6:-4]].side == "front")
        assert per_face == comp.expect  # the copies under the fronts add up to the count
        assert len(faces) == len({p.front for p in pieces if p.component == comp.id}) + bool(comp.back)
    for img in page.images:  # the page shows each image at the face's aspect ratio
        with Image.open(where / img["src"]) as image:
            assert abs(int(img["width"]) / int(img["height"]) - image.width / image.height) < 0.03


@pytest.mark.parametrize("game", ["posies", str(Path(__file__).resolve().parents[2] / "examples" / "hex-isles" / "hex-isles.yaml")])
def test_the_gallery_draws_its_pngs_with_the_png_export(tmp_path, game):
    """One PNG writer: each face file is byte for byte what the png format writes at 100 dpi, and the simulated copies
    are the same size, their dpi recorded too."""
    spec = specs.load(game)
    where, _ = gallery(tmp_path, game)
    arts = expand(spec)[1]
    for key, art in arts.items():
        assert (where / "faces" / f"{key}.png").read_bytes() == face_png(spec, art, preview.DPI), key
    for comp in spec.components:
        first = next(a.key for a in arts.values() if a.component == comp.id and a.side == "front")
        with Image.open(where / "faces" / f"{first}.png") as face:
            for view in preview.VIEWS:
                with Image.open(where / "seen" / f"{comp.id}-{view}.png") as image:
                    assert image.size == face.size and round(image.info["dpi"][0]) == preview.DPI


def test_trim_size_and_sheets_of_a_card():
    spec = specs.load("grannys-pills")
    with tempfile.TemporaryDirectory() as out:
        _, page = gallery(Path(out), "grannys-pills")
    for name in ("pill", "prescription"):   # the trim the kind computes from the spec's options
        comp = spec.component(name)
        w, h = KINDS[comp.kind].size(comp.options)
        assert page.facts[name]["trim size"] == f"{w:g} x {h:g} mm"
    from generator.impose.imposition import impose
    pieces, _ = expand(spec)
    for paper, name in (("a4", "A4"), ("letter", "Letter")):
        plan = impose(spec, pieces, paper, "duplex")
        pages = [n for n, sheet in enumerate(plan.sheets, start=2) if "prescription" in sheet.components]
        assert f"{name} pages {preview.spans(pages)} (fronts and backs)" in page.facts["prescription"]["sheets"]
    assert preview.spans([2, 3, 4, 7, 9, 10]) == "2-4, 7, 9-10"


@pytest.mark.parametrize("game, sets", [("posies", ()), ("posies", ("--set", "components.posy-pink.faces.copies=3")),
                                        ("pixeliction", ())])   # (its last line: '1 more left out by include: false')
def test_checks_are_what_validate_prints(tmp_path, game, sets):
    _, page = gallery(tmp_path, game, *sets)
    printed = CliRunner().invoke(cli, ["validate", game, *sets])
    failed = [line for level, line in page.checks if level == "failed"]
    path = failed[0].split(": ", 1)[0] if failed else None   # the spec, as each failure names it
    counted = [f"error: {path}: {len(failed)} check{'s' * (len(failed) != 1)} failed"] if failed else []
    assert [line for _, line in page.checks] + counted == printed.output.splitlines()   # the gallery heads its count
    assert bool(failed) == bool(sets) == (printed.exit_code == 1)


def test_bad_spec_is_one_line(tmp_path):
    result = CliRunner().invoke(cli, ["preview", "posies", "--set", "palette.pink=#zz", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and result.output.startswith("error: ") and "palette.pink" in result.output
    assert "Traceback" not in result.output


def test_same_bytes_every_time(tmp_path):
    one, _ = gallery(tmp_path / "a", "hexstatic")
    two, _ = gallery(tmp_path / "b", "hexstatic")
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(two) for p in two.rglob("*") if p.is_file())
    assert all((one / f).read_bytes() == (two / f).read_bytes() for f in files)


def test_a_data_decks_captions_are_the_same_from_any_folder(tmp_path):
    """A data row's number and file are pnp's own keys, not words of the face: no caption shows them (the file's path
    made the captions differ with the folder the game lies in)."""
    captions = []
    for folder in ("one", "two"):
        assert CliRunner().invoke(cli, ["new", str(tmp_path / folder)]).exit_code == 0
        (tmp_path / folder / "cards.csv").write_text("title,cost,suit,rules,flavour,count\nFox,1,sun,Go.,,2\n"
                                                     "Owl,2,moon,Look.,,2\nElk,3,sun,Run.,,2\n")
        where, _ = gallery(tmp_path / f"out-{folder}", str(tmp_path / folder / f"{folder}.yaml"))
        captions.append(re.findall(r"<figcaption>([^<]*)</figcaption>", (where / "index.html").read_text("utf-8")))
    # a data row's face is named by its title, as on the contact sheet: its count was read as a word ('Fox 1 sun Go. 2 ×2')
    assert captions[0][:3] == ["Fox ×2", "Owl ×2", "Elk ×2"] and captions[0] == captions[1]
    assert not [caption for caption in captions[0] if "cards.csv" in caption]


def test_simulated_faces(tmp_path):
    where, _ = gallery(tmp_path, "grannys-pills")
    with Image.open(where / "seen" / "pill-greyscale.png") as grey, Image.open(where / "faces" / "pill-1.png") as face:
        r, g, b = grey.convert("RGB").split()
        assert ImageChops.difference(r, g).getbbox() is None and ImageChops.difference(g, b).getbbox() is None
        assert ImageChops.difference(face.convert("RGB").split()[0], face.convert("RGB").split()[2]).getbbox()  # the face has colour
    with Image.open(where / "seen" / "pill-tritan.png") as tritan, Image.open(where / "faces" / "pill-1.png") as face:
        assert tritan.size == face.size and ImageChops.difference(tritan.convert("RGB"), face.convert("RGB")).getbbox()
    red = vision.simulate("#d7261e", "protan")
    assert red != "#d7261e"
    dwg = svg.drawing(10, 10)
    dwg.add(dwg.rect((0, 0), (10, 10), fill="#d7261e", stroke="#FFFFFF"))
    seen = preview.seen(dwg, "protan")
    assert seen.children[-1].attrs == {"x": 0, "y": 0, "width": 10, "height": 10, "fill": red, "stroke": "#ffffff"}
    assert dwg.children[-1].attrs["fill"] == "#d7261e"   # the face itself is left as it was


def test_stale_faces_removed(tmp_path):
    where, _ = gallery(tmp_path, "posies")
    spare = where / "faces" / "posy-pink-9.png"
    spare.write_bytes(b"")
    gallery(tmp_path, "posies")
    assert not spare.exists() and (where / "faces" / "posy-pink-1.png").exists()


def test_the_byline_counts_one_component_in_the_singular(tmp_path):
    assert CliRunner().invoke(cli, ["new", str(tmp_path / "solo")]).exit_code == 0
    where, _ = gallery(tmp_path, str(tmp_path / "solo" / "solo.yaml"))
    page = (where / "index.html").read_text(encoding="utf-8")
    pieces, arts = expand(specs.load(str(tmp_path / "solo" / "solo.yaml")))
    assert f"· 1 component, {len(pieces)} pieces, {len(arts)} distinct faces</p>" in page


# --- in a real browser -------------------------------------------------------------------------------------------

class DevTools:
    """A minimal Chrome DevTools Protocol client over one websocket (RFC 6455 text frames)."""

    def __init__(self, url):
        host, port, path = re.fullmatch(r"ws://([^:/]+):(\d+)(/.*)", url).groups()
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            reply += self.sock.recv(1)
        assert b" 101 " in reply.split(b"\r\n")[0], reply
        self.next_id, self.events = 0, []

    def _read(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            assert chunk, "chromium closed the connection"
            data += chunk
        return data

    def _message(self):
        payload = b""
        while True:
            head = self._read(2)
            size = head[1] & 0x7F
            if size == 126:
                size = int.from_bytes(self._read(2), "big")
            elif size == 127:
                size = int.from_bytes(self._read(8), "big")
            payload += self._read(size)
            if head[0] & 0x80:
                return json.loads(payload)

    def call(self, method, **params):
        """Send a command and return its result, keeping the events that come before it."""
        self.next_id += 1
        data = json.dumps({"id": self.next_id, "method": method, "params": params}).encode()
        mask = os.urandom(4)
        size = len(data)
        head = bytes([0x81]) + (bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + size.to_bytes(2, "big")
                                 if size < 65536 else bytes([0x80 | 127]) + size.to_bytes(8, "big"))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))
        while True:
            message = self._message()
            if message.get("id") == self.next_id:
                assert "error" not in message, message
                return message["result"]
            self.events.append(message)

    def wait(self, method, timeout=60):
        """Wait for the next event called method (kept events first)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for i, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(i)
            self.events.append(self._message())
        raise AssertionError(f"no {method} within {timeout} s")

    def errors(self):
        """Console errors, uncaught exceptions and failed loads reported so far."""
        out = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
                out.append(str(params["args"]))
            elif method == "Runtime.exceptionThrown":
                out.append(params["exceptionDetails"]["text"])
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                out.append(params["entry"]["text"])
        return out


@pytest.fixture
def browser(tmp_path):
    """A headless Chromium with one blank page under DevTools control."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run installs it)")
    profile = tempfile.mkdtemp(prefix="pnp-chromium-")
    proc = subprocess.Popen([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                             "--disable-background-networking", "--disable-component-update", "--disable-sync",
                             "--hide-scrollbars", f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        for line in proc.stderr:
            found = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if found:
                port = found.group(1)
                break
        assert port, "chromium printed no DevTools address"
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        tools = DevTools(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"])
        for domain in ("Page", "Runtime", "Log"):
            tools.call(f"{domain}.enable")
        tools.call("Emulation.setDeviceMetricsOverride", width=1280, height=1000, deviceScaleFactor=1, mobile=False)
        yield tools
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(profile, ignore_errors=True)


IMAGES = """JSON.stringify(Array.from(document.images, img => ({src: img.getAttribute("src"), complete: img.complete,
  natural: img.naturalWidth, box: (r => [r.x, r.y, r.width, r.height])(img.getBoundingClientRect())})))"""


def load(tools, url):
    """Open a page, wait for it to load; return its images as the browser sees them."""
    tools.call("Page.navigate", url=url)
    tools.wait("Page.loadEventFired")
    return json.loads(tools.call("Runtime.evaluate", expression=IMAGES)["result"]["value"])


def test_gallery_in_chromium(tmp_path, browser):
    where, page = gallery(tmp_path, "grannys-pills")
    images = load(browser, (where / "index.html").as_uri())
    assert browser.errors() == []
    assert len(images) == len(page.images) == len(list(where.rglob("*.png")))
    assert all(img["complete"] and img["natural"] > 0 for img in images), [i["src"] for i in images if not i["natural"]]
    shot = Image.open(io.BytesIO(base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"]))).convert("RGB")
    assert shot.size == (1280, 1000)
    first = images[0]
    x, y, w, h = first["box"]
    # where the HTML puts it: inside the body's 24 px padding, the section's 1 px border and 16 px padding, at its size
    assert (x, w, h) == (41, int(page.images[0]["width"]), int(page.images[0]["height"]))
    face = Image.open(where / first["src"]).convert("RGB").resize((w, h), Image.LANCZOS)

    def mismatch(dx, dy):
        """Mean difference (0-255) between the face and the screenshot at its box moved by (dx, dy)."""
        return sum(ImageStat.Stat(ImageChops.difference(shot.crop((x + dx, y + dy, x + dx + w, y + dy + h)), face)).mean) / 3
    assert mismatch(0, 0) < 6  # the face's pixels are on screen where the page says the image is (dashed trim line aside)
    assert min(mismatch(12, 0), mismatch(0, 12), mismatch(-12, 0)) > 3 * mismatch(0, 0)
    section = shot.getpixel((x - 8, y + h // 2))  # left of the face: the section's white ground
    assert section == (255, 255, 255)
    shot.save(tmp_path / "gallery.png")

    browser.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=1, mobile=True)
    load(browser, (where / "index.html").as_uri())   # a phone: the page scrolled sideways past the 360 px board
    wide = json.loads(browser.call("Runtime.evaluate", expression="JSON.stringify([document.documentElement.scrollWidth, "
                                   "Math.max(...Array.from(document.querySelectorAll('.trim'), t => "
                                   "t.getBoundingClientRect().right - t.parentElement.getBoundingClientRect().right))])"
                                   )["result"]["value"])
    assert wide[0] <= 390 and wide[1] <= 1, wide   # the trim lines stay on their (shrunk) faces
    browser.call("Emulation.setDeviceMetricsOverride", width=1280, height=1000, deviceScaleFactor=1, mobile=False)

    (where / first["src"]).unlink()  # the same checks catch a missing face
    images = load(browser, (where / "index.html").as_uri())
    assert [i["src"] for i in images if not i["natural"]] == [first["src"]]
    assert any("ERR_FILE_NOT_FOUND" in e or "Failed to load" in e for e in browser.errors())


def test_served_page_reloads_on_save(tmp_path, browser):
    spec = tmp_path / "posies.yaml"
    spec.write_text(POSIES.read_text())
    proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "preview", str(spec), "--serve", "--port", "0",
                             "--out", str(tmp_path / "out")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = re.search(r"http://\S+/", proc.stdout.readline()).group(0)
        assert "all checks pass" in proc.stdout.readline()
        assert proc.stdout.readline().startswith("watching ")
        load(browser, url)
        before = browser.call("Runtime.evaluate", expression='document.querySelector("td.swatch").textContent')["result"]["value"]
        spec.write_text(POSIES.read_text().replace('pink: "#f28bbd"', 'pink: "#e0409a"'))
        assert "posies.yaml changed:" in proc.stdout.readline()
        browser.wait("Page.loadEventFired", timeout=30)  # the page saw version.txt change and reloaded itself
        after = browser.call("Runtime.evaluate", expression='document.querySelector("td.swatch").textContent')["result"]["value"]
        assert (before, after) == ("#f28bbd", "#e0409a")
        assert browser.errors() == []
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


def test_port_without_serve_is_an_error_not_ignored(tmp_path):
    """pnp preview --port 9000 without --serve wrote the gallery and ignored the port, exit 0."""
    from click.testing import CliRunner
    from generator.cli import cli
    result = CliRunner().invoke(cli, ["preview", "posies", "--port", "9000", "--out", str(tmp_path)])
    assert (result.exit_code, result.output) == (1, "error: --port is the port --serve serves the gallery on: add "
                                                    "--serve, or leave --port out\n")
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("game", ["hexstatic", "posies", "grannys-pills"])
def test_the_gallery_gives_the_pages_the_manifest_gives_page_1_included(tmp_path, game):
    """Pieces set on page 1 under the list (HexStatic's cards on Letter, Posies' pink posies) were 'none', Granny's
    pills 'pages 2-5, 9' where the manifest says 1-5, 9: each one-sided component's pages in the gallery are those the
    components PDF's own list prints, read from the PDF by pdfium."""
    import pypdfium2
    from generator.build import components_pdf
    spec = specs.load(game)
    where, _ = gallery(tmp_path, game)
    html = (where / "index.html").read_text("utf-8")
    for paper, name in (("a4", "A4"), ("letter", "Letter")):
        listed = pypdfium2.PdfDocument(components_pdf(spec, paper)[0])[0].get_textpage().get_text_range()
        for comp in spec.components:
            found = re.search(re.escape(comp.title) + r" \d+ .*?\(p\. ([\d, -]+)\)", listed)
            if comp.back or not found:
                continue
            section = html.split(f'id="c-{comp.id}"')[1].split("</section>")[0]
            shown = re.search(name + r" pages? ([\d, -]+?)(?: ·|<| \()", section)
            assert shown and shown[1] == found[1], (paper, comp.id, shown and shown[1], found[1])


def test_serve_shows_a_page_that_reloads_into_the_gallery_until_the_first_one_is_drawn(tmp_path):
    """--serve printed its address before its first gallery was written: the address showed a folder's listing that
    never reloaded. Where no gallery is yet, a page saying it is being drawn, with the reload script, stands in; a
    gallery already there is left as it is."""
    spec = specs.load("posies")
    preview.waiting(tmp_path, spec)
    page = (tmp_path / "index.html").read_text("utf-8")
    assert "Drawing the gallery" in page and 'content="waiting"' in page and 'fetch("version.txt"' in page
    (tmp_path / "index.html").write_text("mine")
    preview.waiting(tmp_path, spec)
    assert (tmp_path / "index.html").read_text() == "mine"


def test_a_themed_gallery_names_its_theme(tmp_path):
    """Nothing on the page said which --theme its colours came from: the byline names the theme's title."""
    _, plain = gallery(tmp_path / "plain", "posies")
    where, _ = gallery(tmp_path / "themed", "posies", "--theme", "okabe-ito")
    from generator.spec import theme
    title = theme.load("okabe-ito").data["theme"]["title"]
    byline = re.search(r'<p class="byline">([^<]*)</p>', (where / "index.html").read_text("utf-8"))[1]
    assert byline.endswith(f" · theme: {title}"), byline
    assert "theme:" not in (tmp_path / "plain" / "posies-preview" / "index.html").read_text("utf-8")


def test_a_warning_validate_prints_is_in_the_gallery_s_checks(tmp_path, monkeypatch):
    """An 80 x 40 px picture on every card: validate warns it prints at 38 dpi; the gallery said 'all pass' only."""
    from PIL import Image
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "mine"]).exit_code == 0
    Image.new("RGB", (80, 40), (200, 120, 30)).save(tmp_path / "mine" / "low.png")
    layout = tmp_path / "mine" / "card.yaml"
    layout.write_text(layout.read_text() + "  photo: {type: image, file: low.png, x: 5, y: 21, width: 53, height: 27}\n")
    _, page = gallery(tmp_path / "out", "mine/mine.yaml")
    printed = CliRunner().invoke(cli, ["validate", "mine/mine.yaml"])
    assert printed.exit_code == 0 and "dpi" in printed.output.splitlines()[0], printed.output
    assert [line for _, line in page.checks] == printed.output.splitlines()
    assert [level for level, line in page.checks if "dpi" in line] == ["warning"]
