export function Forbidden({ role, what }: { role: string; what: string }) {
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 px-6 py-10 text-center dark:border-amber-900 dark:bg-amber-950/30">
      <h2 className="text-sm font-semibold text-amber-900 dark:text-amber-200">No access</h2>
      <p className="mt-1 text-sm text-amber-800 dark:text-amber-300">
        Your role ({role}) cannot {what}. Ask an owner or admin of this workspace.
      </p>
    </div>
  );
}
