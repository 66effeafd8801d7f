// Calls into run.mjs's UI bridge (scripts/vscode-test/ui-bridge.mjs): the real DOM of the
// workbench and of the preview webview, and screenshots. The extension API cannot see either.
const BRIDGE = process.env.DOCWRIGHT_UI_BRIDGE;

export async function bridge<T>(call: string, body: unknown): Promise<T> {
  if (!BRIDGE) throw new Error('DOCWRIGHT_UI_BRIDGE is not set: run the suite with scripts/vscode-test/run.mjs');
  const res = await fetch(`${BRIDGE}/${call}`, { method: 'POST', body: JSON.stringify(body) });
  const out = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`bridge ${call}: ${out.error}`);
  return out;
}

/** The natural widths of the preview's logo images once each has loaded (0: it failed to load). */
export async function previewLogoWidths(): Promise<number[]> {
  const { value } = await bridge<{ value: number[] }>('evaluate', {
    expression:
      "Promise.all([...document.querySelectorAll('img.dw-logo')].map((i) => i.complete ? i.naturalWidth : new Promise((r) => { i.addEventListener('load', () => r(i.naturalWidth)); i.addEventListener('error', () => r(0)); })))",
  });
  return value;
}
