/** Inline stylesheet of behaviour-report.html: no fonts, images or scripts from anywhere. */
export const REPORT_CSS = `
:root {
  --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --panel: #f6f8fa;
  --ok-bg: #dafbe1; --ok-ink: #116329;
  --bad-bg: #ffe2d6; --bad-ink: #a4330f;
  --warn-bg: #fff4c2; --warn-ink: #7d5a00;
  --err-bg: #e6e8eb; --err-ink: #3d444d;
  --info-bg: #ddf4ff; --info-ink: #0a4f9e;
  --mono: ui-monospace, SFMono-Regular, "DejaVu Sans Mono", Menlo, Consolas, monospace;
}
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--ink); background: #fff; }
main { max-width: 1180px; margin: 0 auto; padding: 24px 32px 48px; }
h1 { font-size: 24px; margin: 0 0 2px; }
h2 { font-size: 18px; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 18px 0 6px; }
p { margin: 6px 0; }
code, pre, .mono { font-family: var(--mono); font-size: 12.5px; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; margin: 6px 0;
  white-space: pre-wrap; overflow-wrap: anywhere; }
.endpoint { color: var(--muted); font-family: var(--mono); margin: 0 0 14px; }
.run { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px 20px; margin: 0; padding: 12px 16px;
  background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
.run div { min-width: 0; }
.run dt { color: var(--muted); font-size: 12px; }
.run dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.verdicts { display: flex; gap: 8px; margin: 14px 0 0; flex-wrap: wrap; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: 12px; font-weight: 600; white-space: nowrap; }
.verdicts .badge { font-size: 13px; padding: 4px 12px; }
.CONFORMS, .accepted, .required { background: var(--ok-bg); color: var(--ok-ink); }
.DEVIATES, .rejected, .forbidden { background: var(--bad-bg); color: var(--bad-ink); }
.INFORMATIONAL, .optional { background: var(--info-bg); color: var(--info-ink); }
.ERROR, .error { background: var(--err-bg); color: var(--err-ink); }
.unstable { background: var(--warn-bg); color: var(--warn-ink); }
.conditional { background: #fbefff; color: #6e2d91; }
.undetermined { background: #f1f1f1; color: #555; border: 1px dashed #999; }
.zero { opacity: .45; }
.banner { margin: 16px 0 0; padding: 10px 14px; border-radius: 6px; border: 1px solid; }
.banner.warn { background: var(--warn-bg); color: var(--warn-ink); border-color: #e6c200; }
.banner.diag { background: var(--bad-bg); color: var(--bad-ink); border-color: #f0a58a; }
.banner.drift { background: var(--bad-bg); color: var(--bad-ink); border-color: #f0a58a; }
.banner.drift a { color: inherit; }
.banner.same { background: var(--ok-bg); color: var(--ok-ink); border-color: #8fd19e; }
table.drift td.before { background: #fff5f0; }
table.drift td.after { background: #f0fff4; font-weight: 600; }
nav { margin: 18px 0 0; font-size: 13px; }
nav a { color: var(--info-ink); margin-right: 14px; text-decoration: none; }
.rule-words { font-size: 16px; font-weight: 600; }
.muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: 6px 0; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: var(--panel); font-weight: 600; font-size: 12.5px; }
td.num, th.num { text-align: right; }
table.grid { width: 100%; }
table.grid th.field { font-family: var(--mono); font-weight: 600; font-size: 12px; }
table.grid td { padding: 2px 8px; }
table.grid td.on { background: #cfe4ff; color: #0a4f9e; text-align: center; font-weight: 700; }
table.grid td.off { color: #b3bcc6; text-align: center; }
table.grid td.outcome { font-weight: 600; text-align: center; }
table.grid td.msg { max-width: 0; width: 100%; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; color: var(--muted); }
table.grid td.predict { text-align: center; color: var(--muted); }
table.grid tr.mismatch td.predict { background: var(--bad-bg); color: var(--bad-ink); font-weight: 700; }
.legend { display: flex; gap: 8px; align-items: center; margin: 4px 0 8px; font-size: 12.5px; flex-wrap: wrap; }
.example { border: 1px solid var(--line); border-radius: 8px; padding: 4px 14px 10px; margin: 12px 0; }
.example h3 { display: flex; gap: 10px; align-items: center; }
.label { color: var(--muted); font-size: 12px; margin: 8px 0 0; }
ul { margin: 6px 0; padding-left: 22px; }
td.verdict { white-space: nowrap; }
table.values td.sent, table.values td.msg { overflow-wrap: anywhere; }
table.values td.value-outcome { font-weight: 600; text-align: center; }
table.values td.form { white-space: nowrap; }
table.cases { table-layout: fixed; }
table.cases col.c-verdict { width: 130px; } table.cases col.c-case { width: 34%; }
table.cases col.c-spec { width: 22%; } table.cases td { overflow-wrap: anywhere; }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
@media print { main { max-width: none; padding: 0; } nav { display: none; } .example { break-inside: avoid; } }
`;
