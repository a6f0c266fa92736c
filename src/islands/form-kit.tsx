/**
 * The form kit's parts in one import, for the staff screens that still import it from here
 * (src/islands/admin/**). New code imports the part it needs from src/islands/form-kit/:
 * send.ts (sending), flow.ts (the form-flow hook), hydration.ts, fields.tsx, frame.tsx.
 */
export * from './form-kit/send.ts';
export * from './form-kit/hydration.ts';
export * from './form-kit/flow.ts';
export * from './form-kit/fields.tsx';
export * from './form-kit/frame.tsx';
