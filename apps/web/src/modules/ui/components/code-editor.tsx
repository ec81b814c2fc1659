'use client';

import { javascript } from '@codemirror/lang-javascript';
import { MySQL, PostgreSQL, sql } from '@codemirror/lang-sql';
import { type Diagnostic as CmDiagnostic, linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

export interface CodeDiagnostic {
  severity: 'error' | 'warning';
  message: string;
  line?: number;
  column?: number;
  length?: number;
}

/**
 * CodeMirror 6 with SQL (per dialect) or JS/TS highlighting and the diagnostics the caller
 * computes (the pipeline's compiler, the script checker) shown inline as the user types.
 */
export function CodeEditor({
  id,
  label,
  value,
  onChange,
  language,
  diagnostics,
  minHeight = '10rem',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  language: 'postgres' | 'mysql' | 'redis' | 'typescript';
  diagnostics: CodeDiagnostic[];
  minHeight?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, diagnostics });
  latest.current = { onChange, diagnostics };

  // The editor owns its document after mount: `value` only seeds it, and label/id/minHeight are
  // fixed for an editor's life, so only a language change rebuilds it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!host.current) return;
    const lang =
      language === 'typescript'
        ? javascript({ typescript: true })
        : language === 'redis'
          ? []
          : sql({ dialect: language === 'mysql' ? MySQL : PostgreSQL });
    const lint = linter(
      (v) => {
        const doc = v.state.doc;
        return latest.current.diagnostics.map((d): CmDiagnostic => {
          const line = doc.line(Math.min(Math.max(d.line ?? 1, 1), doc.lines));
          const from = Math.min(line.from + Math.max((d.column ?? 1) - 1, 0), line.to);
          const to = Math.min(from + Math.max(d.length ?? 1, 1), doc.length);
          return { from, to: Math.max(to, from), severity: d.severity, message: d.message };
        });
      },
      { delay: 250 },
    );
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          // CodeMirror injects its styles in a <style> element; the CSP only admits styles that
          // carry this page's nonce (browsers expose it on the `nonce` property of Next's scripts).
          EditorView.cspNonce.of(pageNonce()),
          lang,
          lint,
          lintGutter(),
          EditorView.contentAttributes.of({ 'aria-label': label, id }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
          EditorView.theme({
            '&': { fontSize: '13px', minHeight },
            '.cm-scroller': {
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              minHeight,
            },
            '&.cm-focused': { outline: 'none' },
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
  }, [language]);

  return (
    <div
      ref={host}
      className="mt-1.5 overflow-hidden rounded-lg border border-zinc-300 bg-white focus-within:border-accent-500 focus-within:ring-4 focus-within:ring-accent-500/15 dark:border-zinc-700 dark:bg-zinc-950"
    />
  );
}

function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}
