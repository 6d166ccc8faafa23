import { options } from 'preact';

// The built app runs on preact/compat (ARCHITECTURE.md, "Front-end runtime"), whose handlers
// receive the browser's own events. react-aria's keyboard handlers copy an event with
// `{ ...e }`, which keeps only own properties: React's synthetic events have `key`,
// `shiftKey`… as their own, native events inherit them as getters, so the copy had no `key`
// and arrow keys, Enter and Escape did nothing in the listbox and combobox. This gives each
// keyboard event own, enumerable getters for what it inherits, read when the copy is made.
// Under React DOM (`npm run dev`, the widget tests) Preact renders nothing and this never runs.

const own = (o: object, name: string) => Object.prototype.hasOwnProperty.call(o, name);

const previous = options.event;
options.event = (e) => {
  const event = previous ? previous(e) : e;
  if (!(event instanceof KeyboardEvent)) return event;
  for (let proto = Object.getPrototypeOf(event); proto && proto !== Object.prototype;) {
    for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
      const get = d.get;
      if (!get || own(event, name)) continue;
      Object.defineProperty(event, name, {
        get: () => get.call(event),
        enumerable: true,
        configurable: true,
      });
    }
    proto = Object.getPrototypeOf(proto);
  }
  return event;
};

// Effects after user input. React runs the effects of a render caused by a discrete event
// (a key, a click, typing) before the next event is handled; Preact runs every effect after
// the next frame. react-stately resets a combobox's focused option in an effect after each
// keystroke, so an arrow key pressed right after typing could be undone a frame later and
// Enter then chose nothing. Renders caused by such events flush their effects in a
// microtask instead, before the browser hands over the next event; other renders keep
// Preact's after-paint timing.
const DISCRETE = new Set([
  'beforeinput',
  'blur',
  'change',
  'click',
  'compositionend',
  'focus',
  'focusin',
  'focusout',
  'input',
  'keydown',
  'keyup',
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'submit',
]);
let discrete = false;

const before = options.event;
options.event = (e) => {
  const event = before ? before(e) : e;
  if (DISCRETE.has(event.type) && !discrete) {
    discrete = true;
    setTimeout(() => (discrete = false));
  }
  return event;
};

/** Preact's own after-paint timing: the next frame, or 35 ms when frames are not drawn. */
function afterNextFrame(callback: () => void) {
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(callback);
  };
  const timeout = setTimeout(done, 35);
  const frame = requestAnimationFrame(done);
}

options.requestAnimationFrame = (callback: () => void) => {
  if (discrete) queueMicrotask(callback);
  else afterNextFrame(callback);
};
