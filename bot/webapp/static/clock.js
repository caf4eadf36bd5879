// @ts-check
// The speech clock of the judge's page, with its sound and haptics: a minute, thirty seconds,
// +15; it warns at ten seconds left and sounds at zero. It keeps its own state; the page draws
// it from ``clock`` and the clock redraws its own figure five times a second.

import { tg } from "./common.js";

export const clock = { left: 60, running: false, endsAt: 0, warned: false };
const WARN_AT = 10;

/** @param {"tap" | "success" | "warning" | "error"} kind */
export function haptic(kind) {
  try {
    if (kind === "tap") tg?.HapticFeedback?.impactOccurred("light");
    else tg?.HapticFeedback?.notificationOccurred(kind);
  } catch { /* an old Telegram: no haptics */ }
}

/** @type {AudioContext | null} */
let audio = null;

/** @param {number} frequency @param {number} seconds */
function beep(frequency, seconds) {
  try {
    // @ts-ignore: Safari's older name
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.value = 0.2;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + seconds);
  } catch { /* no sound here */ }
}

export const low = () => clock.left <= WARN_AT && clock.left > 0;

export function clockText() {
  const whole = Math.ceil(clock.left);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** @param {number} seconds */
export function startClock(seconds) {
  clock.left = seconds;
  clock.warned = seconds <= WARN_AT;
  clock.running = true;
  clock.endsAt = Date.now() + seconds * 1000;
  haptic("tap");
}

export function toggleClock() {
  if (clock.running) {
    clock.left = Math.max(0, (clock.endsAt - Date.now()) / 1000);
    clock.running = false;
  } else if (clock.left > 0) {
    clock.running = true;
    clock.endsAt = Date.now() + clock.left * 1000;
  }
}

/** @param {number} seconds */
export function addClock(seconds) {
  clock.left += seconds;
  if (clock.left > WARN_AT) clock.warned = false;
  if (clock.running) clock.endsAt += seconds * 1000;
}

/** Runs the clock; ``onStop`` when it reaches zero (the page redraws its buttons). */
export function tick(/** @type {() => void} */ onStop) {
  setInterval(() => {
    if (!clock.running) return;
    clock.left = Math.max(0, (clock.endsAt - Date.now()) / 1000);
    if (clock.left <= WARN_AT && !clock.warned) {
      clock.warned = true;
      haptic("warning");
      beep(880, 0.15);
    }
    if (clock.left <= 0) {
      clock.running = false;
      haptic("error");
      beep(440, 0.5);
      onStop();
    }
    const shown = document.getElementById("clock");
    if (shown) {
      shown.textContent = clockText();
      shown.classList.toggle("low", low());
    }
  }, 200);
}
