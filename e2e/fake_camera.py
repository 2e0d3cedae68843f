"""A camera for the browser journeys: Chromium's fake video capture plays a .y4m file, so a
QR code written into one is what the check-in page's camera "sees".

Y4M is a text header and raw frames: each frame is "FRAME\\n", then the luma plane (one byte a
pixel) and the two chroma planes at half width and height (4:2:0). A grey-level QR needs no
colour: the chroma planes are all 128.
"""

from __future__ import annotations

from pathlib import Path

import segno

WIDTH, HEIGHT = 640, 480
WHITE, BLACK = 235, 16  # video-range luma


def qr_frame(text: str, *, width: int = WIDTH, height: int = HEIGHT) -> bytes:
    """One 4:2:0 frame holding the QR code of `text`, centred and as large as fits."""
    matrix = segno.make(text, error="m").matrix
    border = 4
    modules = len(matrix) + 2 * border
    scale = max(1, min(width, height) * 9 // 10 // modules)
    side = modules * scale
    left, top = (width - side) // 2, (height - side) // 2
    luma = bytearray([WHITE]) * (width * height)
    for row, cells in enumerate(matrix):
        for col, dark in enumerate(cells):
            if not dark:
                continue
            x0 = left + (col + border) * scale
            y0 = top + (row + border) * scale
            for y in range(y0, y0 + scale):
                start = y * width + x0
                luma[start : start + scale] = bytes([BLACK]) * scale
    chroma = bytes([128]) * ((width // 2) * (height // 2))
    return bytes(luma) + chroma + chroma


def write_y4m(path: Path, text: str, *, frames: int = 5, fps: int = 10) -> Path:
    """A short clip of the QR code of `text` (Chromium loops it for as long as the camera runs)."""
    frame = qr_frame(text)
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n")
            out.write(frame)
    return path


def write_blank_y4m(path: Path, *, frames: int = 2) -> Path:
    """A clip of a white page: a camera that sees no code."""
    luma = bytes([WHITE]) * (WIDTH * HEIGHT)
    chroma = bytes([128]) * ((WIDTH // 2) * (HEIGHT // 2))
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + luma + chroma + chroma)
    return path


def camera_args(video: Path) -> list[str]:
    """Chromium's switches for a camera that plays `video`, granted without a prompt."""
    return [
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
