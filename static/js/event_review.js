// The tournament page's game reviews: while some wait or run, the progress line is fetched again
// (drawn by the server, replays/_event_review_progress.html) until none is left, without a reload.

const POLL_MS = 3000;

const section = document.getElementById("event-review");

async function poll() {
  let waiting = true;
  try {
    const response = await fetch(section.dataset.statusUrl, { headers: { Accept: "application/json" } });
    if (response.ok) {
      const data = await response.json();
      document.getElementById("event-review-progress").outerHTML = data.html;
      Object.assign(section.dataset, { done: data.done, deals: data.deals, waiting: data.waiting });
      waiting = data.waiting > 0;
    }
  } finally {
    if (waiting) setTimeout(poll, POLL_MS);
  }
}

if (section && Number(section.dataset.waiting) > 0) setTimeout(poll, POLL_MS);
