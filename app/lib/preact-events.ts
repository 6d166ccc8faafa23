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
