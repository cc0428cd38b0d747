// The seats as the page's language names them (tables/services/facts.py, seat_words). A table's
// view frames are made once per version for every socket, whatever its language, so they carry
// seat numbers and bot kinds, and the page says "South" or "南", "Heuristic bot (East)" or
// "策略机器人（东）" itself. Shared by every table page.

const element = document.getElementById("seat-strings");
const words = element ? JSON.parse(element.textContent) : { labels: [], bots: {}, empty: "" };

// Seat `seat` (from 0) as people see it: "East", or "Seat 3".
export const seatLabel = (seat) => words.labels[seat] ?? "#" + seat;

// Who holds a view's seat entry: the person's name, the bot's in the page's language, or
// "empty seat" for a seat the view's life lists as empty.
export function holderName(info, view) {
  if (info.bot) return words.bots[info.bot]?.[info.seat] ?? info.name;
  if (view?.life?.empty?.includes(info.seat)) return words.empty || info.name;
  return info.name;
}
