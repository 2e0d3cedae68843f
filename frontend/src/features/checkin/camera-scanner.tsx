// The phone's camera as a ticket reader: @zxing/browser decodes the QR codes of the video on
// the page's own thread (a canvas, no worker, no blob: URL), which the portal's strict CSP
// allows. The library is its own chunk, fetched after the page has painted (so the page opens
// fast on a phone) but at once, not on "Start camera": the camera must start with no connection.
import { useCallback, useEffect, useRef, useState } from "react";
import { t } from "../../lib/i18n";
import { CAMERA_MESSAGES, cameraAvailable, cameraErrorMessage, isNewCode, type LastCode } from "./camera";

/** What the component needs of a reader: @zxing/browser's BrowserQRCodeReader fits. */
export interface QrReader {
  scan(
    video: HTMLVideoElement,
    callback: (result: { getText(): string } | undefined, error?: unknown) => void,
    finalize?: (error?: Error) => void,
  ): { stop(): void };
}

export function preloadZxing(): Promise<unknown> {
  return import("@zxing/browser");
}

export async function loadZxingReader(): Promise<QrReader> {
  const { BrowserQRCodeReader } = await import("@zxing/browser");
  // A few decodes a second is plenty for a ticket held up to the phone, and spares its battery.
  return new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 200, delayBetweenScanSuccess: 500 });
}

// The back camera when there is one (a phone), any camera otherwise (a laptop).
const CONSTRAINTS: MediaStreamConstraints = { video: { facingMode: { ideal: "environment" } }, audio: false };

/**
 * Start the camera into `video` and wait for its first frame. The reader sizes its canvas from
 * the video's size when a scan starts: started on a video with no frame yet, its first draw
 * fails and its loop ends without a word (seen on a loaded machine), so the scan waits for one.
 */
export async function openCamera(video: HTMLVideoElement): Promise<MediaStream> {
  const stream = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
  video.srcObject = stream;
  await video.play();
  // Poll rather than wait for one event: on a loaded machine `loadeddata` can come before the
  // listener or long after a fixed timeout, and a reader started on a 0×0 video never recovers
  // (its canvas is sized once, and an empty canvas only ever reads as "no code here").
  for (let waited = 0; !hasFrame(video) && waited < FIRST_FRAME_MS; waited += FRAME_POLL_MS) {
    await new Promise((resolve) => window.setTimeout(resolve, FRAME_POLL_MS));
  }
  return stream;
}

/** Whether the video has a frame of some size: the reader's canvas takes the size at its start. */
export function hasFrame(video: Pick<HTMLVideoElement, "videoWidth" | "videoHeight">): boolean {
  return video.videoWidth > 0 && video.videoHeight > 0;
}

const FIRST_FRAME_MS = 15_000;
const FRAME_POLL_MS = 100;

/** How long to wait before scanning again when the reader's loop ended on an error. */
const RESTART_MS = 300;

type CameraState = "idle" | "starting" | "running" | "error";

export function CameraScanner({
  onCode,
  loadReader = loadZxingReader,
  preload = loadReader === loadZxingReader ? preloadZxing : undefined,
  open = openCamera,
  now = Date.now,
}: {
  onCode: (text: string) => void;
  loadReader?: () => Promise<QrReader>;
  preload?: () => Promise<unknown>;
  open?: (video: HTMLVideoElement) => Promise<MediaStream>;
  now?: () => number;
}) {
  const video = useRef<HTMLVideoElement>(null);
  // The running camera: its scan loop's controls, and a stop that also ends the stream.
  const controls = useRef<{ stop(): void } | null>(null);
  const last = useRef<LastCode | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [state, setState] = useState<CameraState>("idle");
  const [error, setError] = useState<string | null>(null);

  const stop = useCallback(() => {
    controls.current?.stop();
    controls.current = null;
    last.current = null;
    setState("idle");
  }, []);

  // Leaving the page (or the island unmounting) turns the camera off.
  useEffect(() => () => controls.current?.stop(), []);
  // Fetch the reader now: a volunteer who lost the connection before starting the camera can
  // still scan (the module, once loaded, is served from memory). A failure here shows on Start.
  useEffect(() => {
    if (preload) void preload().catch(() => undefined);
  }, [preload]);

  async function start() {
    if (!cameraAvailable()) {
      setError(CAMERA_MESSAGES.insecure);
      setState("error");
      return;
    }
    setError(null);
    setState("starting");
    try {
      const reader = await loadReader();
      const element = video.current;
      if (!element) return;
      const stream = await open(element);
      let stopped = false;
      let loop: { stop(): void } | null = null;
      let restart: number | undefined;
      const onFrame = (result: { getText(): string } | undefined) => {
        if (!result) return; // no code in this frame: the usual case
        const text = result.getText();
        const at = now();
        const fresh = isNewCode(last.current, text, at);
        last.current = { text, seenAt: at };
        if (fresh) onCodeRef.current(text);
      };
      const begin = () => {
        if (stopped) return;
        // The real camera with no frame yet: wait for one, or the reader would scan nothing forever.
        if (open === openCamera && !hasFrame(element)) {
          restart = window.setTimeout(begin, RESTART_MS);
          return;
        }
        loop = reader.scan(element, onFrame, (error) => {
          // The loop ends on an error it doesn't expect (a frame that couldn't be read): the
          // camera is still on, so scanning starts again rather than silently stopping.
          if (error && !stopped) restart = window.setTimeout(begin, RESTART_MS);
        });
      };
      begin();
      controls.current = {
        stop: () => {
          stopped = true;
          window.clearTimeout(restart);
          loop?.stop();
          stream.getTracks().forEach((track) => track.stop());
          element.srcObject = null;
        },
      };
      setState("running");
    } catch (e) {
      controls.current = null;
      setError(cameraErrorMessage(e));
      setState("error");
    }
  }

  const running = state === "running";
  return (
    <section className="card checkin-camera" aria-labelledby="checkin-camera-title">
      <h2 id="checkin-camera-title" className="checkin-card__title">
        {t("Scan a ticket")}
      </h2>
      <div className={`checkin-camera__frame${running ? " checkin-camera__frame--live" : ""}`}>
        <video ref={video} className="checkin-camera__video" muted playsInline aria-label={t("Camera preview")} />
        {!running ? (
          <p className="checkin-camera__hint">
            {state === "starting" ? t("Starting the camera…") : t("Point the camera at the QR code on the ticket.")}
          </p>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {t(error)}
        </p>
      ) : null}
      <div className="checkin-camera__actions">
        {running ? (
          <button type="button" className="button button--secondary" onClick={stop}>
            {t("Stop camera")}
          </button>
        ) : (
          <button type="button" className="button" onClick={start} disabled={state === "starting"}>
            {state === "starting" ? t("Starting…") : t("Start camera")}
          </button>
        )}
      </div>
    </section>
  );
}
