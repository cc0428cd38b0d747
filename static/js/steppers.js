// Card-point steppers: each number input marked data-stepper gets − and + buttons that move it
// by its step (fives for card points), never below its minimum. The form still posts the number.
(function () {
  "use strict";
  document.querySelectorAll("input[data-stepper]").forEach(function (input) {
    var step = parseInt(input.getAttribute("data-stepper"), 10) || 1;
    var min = parseInt(input.getAttribute("min"), 10);
    var box = document.createElement("span");
    box.className = "stepper";
    function button(text, label, delta) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "secondary";
      b.textContent = text;
      b.setAttribute("aria-label", label);
      b.addEventListener("click", function () {
        var value = (parseInt(input.value, 10) || 0) + delta;
        input.value = isNaN(min) ? value : Math.max(min, value);
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
      return b;
    }
    input.parentNode.insertBefore(box, input);
    box.appendChild(button("−", input.getAttribute("data-less") || "−" + step, -step));
    box.appendChild(input);
    box.appendChild(button("+", input.getAttribute("data-more") || "+" + step, step));
  });
})();
