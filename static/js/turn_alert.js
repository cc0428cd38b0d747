// "Your turn" outside the page: the tab's title says when this seat's decision is due and counts
// its last seconds down, and an optional sound (off until the player ticks "Sound on my turn",
// remembered in localStorage) rings when the turn comes and again when the clock runs short.
// The tones are made with the Web Audio API: no sound file to load.

const SOUND_KEY = "cardclub.turnSound";
const SHORT_MAX_S = 10; // "short": the last 10 s, or the last third of a shorter clock

/** A function to call with each view the page draws; it keeps the title and the sound in step. */
export function turnAlert() {
  const strings = JSON.parse(document.getElementById("turn-strings")?.textContent || "{}");
  const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key] ?? ""));
  const baseTitle = document.title;
  const sound = soundToggle();
  let timer = null;
  let turnKey = null; // the deal and version of the turn last announced
  let warned = false;

  const show = (clock) => {
    const left = Math.max(0, Math.round((clock.deadline - Date.now()) / 1000));
    const short = left <= Math.min(SHORT_MAX_S, (clock.seconds || 30) / 3);
    if (short && !warned) {
      warned = true;
      sound.play("short");
    }
    const prefix = short ? "⏱ " + fmt(strings.seconds_left, { seconds: left }) + " · " : "▶ ";
    document.title = prefix + strings.your_turn + " · " + baseTitle;
    document.documentElement.classList.toggle("turn-short", short);
  };

  return (view) => {
    clearInterval(timer);
    const clock = view.clock;
    const mine = clock && !clock.paced && view.seat !== null && view.seat !== undefined && clock.seats.includes(view.seat);
    document.documentElement.classList.toggle("my-turn", Boolean(mine));
    if (!mine) {
      document.title = baseTitle;
      document.documentElement.classList.remove("turn-short");
      turnKey = null;
      return;
    }
    const key = view.deal + ":" + view.version;
    if (turnKey !== key) {
      if (turnKey === null) sound.play("turn"); // a new turn, not the same one redrawn
      turnKey = key;
      warned = false;
    }
    show(clock);
    timer = setInterval(() => show(clock), 1000);
  };
}

// The checkbox beside the table's title, remembered per browser; tones only once it is ticked
// (browsers let a page make sound only after the player has touched it, which ticking is).
function soundToggle() {
  const box = document.getElementById("turn-sound");
  let on = false;
  try {
    on = localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    on = false; // storage refused (private mode): the sound stays off
  }
  let audio = null;
  if (box) {
    box.checked = on;
    box.addEventListener("change", () => {
      on = box.checked;
      try {
        localStorage.setItem(SOUND_KEY, on ? "on" : "off");
      } catch {
        // not remembered, but on for this page
      }
      if (on) play("turn");
    });
  }
  function play(kind) {
    if (!on || !window.AudioContext) return;
    audio = audio || new AudioContext();
    // The turn: one rising pair of notes; a short clock: three quick high beeps.
    const notes = kind === "turn" ? [[660, 0], [880, 0.14]] : [[1046, 0], [1046, 0.16], [1046, 0.32]];
    for (const [frequency, at] of notes) beep(audio, frequency, audio.currentTime + at);
  }
  return { play };
}

function beep(audio, frequency, start) {
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.type = "sine";
  tone.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.12);
  tone.connect(gain).connect(audio.destination);
  tone.start(start);
  tone.stop(start + 0.13);
}
