/** Vite's `?raw` import: the file's text (used for the sample dumps). */
declare module '*.yaml?raw' {
  const text: string;
  export default text;
}
