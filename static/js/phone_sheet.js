// On a phone the hand and the move's buttons are a sheet fixed at the bottom of the screen
// (css/table_status.css); the page keeps that much room below its last line, so nothing stays
// hidden under the sheet. Shared by table.js and sisepai_table.js.

export function keepRoomForTheSheet() {
  const sheet = document.querySelector("#play .hand-area");
  if (!sheet || typeof ResizeObserver === "undefined") return;
  const root = document.documentElement;
  new ResizeObserver(() => {
    const fixed = getComputedStyle(sheet).position === "fixed";
    root.style.setProperty("--hand-sheet", fixed ? Math.ceil(sheet.getBoundingClientRect().height) + 8 + "px" : "0px");
  }).observe(sheet);
}

// The house rules that differ from the usual are folded behind one control on a phone, where the
// game needs the room; on a wider screen they are shown unfolded (tables/_table_top.html).
export function unfoldRulesOnWideScreens() {
  const rules = document.querySelector(".table-rules");
  if (rules && matchMedia("(min-width: 40.01rem)").matches) rules.open = true;
}
