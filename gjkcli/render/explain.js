// gjk explain: shows one step of the walk-through at a time.
// Every step is already in the page (drawn and told in Python); this script only
// chooses which one is shown: the slider, the buttons, the arrow keys and Play.
(function () {
  "use strict";
  var slider = document.getElementById("slider");
  var position = document.getElementById("position");
  var previous = document.getElementById("prev");
  var next = document.getElementById("next");
  var play = document.getElementById("play");
  var stepped = document.querySelectorAll("[data-index]");
  var backgrounds = document.querySelectorAll(".run-bg");
  var answers = document.querySelectorAll(".answer, .answer-only");
  var jumps = document.querySelectorAll("[data-jump]");
  var count = Number(slider.max) + 1;
  var current = 0;
  var timer = null;
  var PLAY_MS = 1400; // each step shown this long; data-ms on the Play button sets another

  function each(list, action) {
    Array.prototype.forEach.call(list, action);
  }

  function show(index) {
    index = Math.max(0, Math.min(count - 1, index));
    current = index;
    var run = null;
    each(stepped, function (element) {
      var here = Number(element.getAttribute("data-index")) === index;
      element.classList.toggle("off", !here);
      if (here) {
        run = element.getAttribute("data-run");
      }
    });
    each(backgrounds, function (element) {
      element.classList.toggle("off", element.getAttribute("data-run") !== run);
    });
    each(answers, function (element) {
      element.classList.toggle("off", index !== count - 1);
    });
    each(jumps, function (button) {
      button.classList.toggle("current", button.getAttribute("data-run") === run);
    });
    slider.value = String(index);
    position.textContent = "step " + (index + 1) + " of " + count;
    previous.disabled = index === 0;
    next.disabled = index === count - 1;
  }

  function stop() {
    if (timer !== null) {
      window.clearInterval(timer);
      timer = null;
    }
    play.textContent = "Play";
  }

  function start() {
    if (current === count - 1) {
      show(0);
    }
    play.textContent = "Pause";
    timer = window.setInterval(function () {
      show(current + 1);
      if (current === count - 1) {
        stop();
      }
    }, Number(play.getAttribute("data-ms")) || PLAY_MS);
  }

  slider.addEventListener("input", function () {
    stop();
    show(Number(slider.value));
  });
  previous.addEventListener("click", function () {
    stop();
    show(current - 1);
  });
  next.addEventListener("click", function () {
    stop();
    show(current + 1);
  });
  play.addEventListener("click", function () {
    if (timer === null) {
      start();
    } else {
      stop();
    }
  });
  each(jumps, function (button) {
    button.addEventListener("click", function () {
      stop();
      show(Number(button.getAttribute("data-jump")));
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) {
      return; // the slider moves itself on its keys
    }
    var moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 };
    if (Object.prototype.hasOwnProperty.call(moves, event.key)) {
      event.preventDefault();
      stop();
      show(moves[event.key]);
    }
  });
  document.body.classList.add("scripted");
  show(0);
})();
