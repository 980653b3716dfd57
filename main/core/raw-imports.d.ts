/** Files compiled into main as text (Vite's `?raw` suffix). */
declare module '*?raw' {
  const text: string;
  export default text;
}
