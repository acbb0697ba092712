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
nav.toc { margin: 18px 0 0; padding: 8px 12px; font-size: 13px; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; }
nav.toc strong { margin-right: 10px; }
nav.toc a { color: var(--info-ink); margin-right: 14px; text-decoration: none; white-space: nowrap; }
[hidden] { display: none !important; }
.status { margin: 12px 0 0; padding: 10px 14px; border-radius: 6px; border: 1px solid; font-size: 15px; }
.status.green { background: var(--ok-bg); color: var(--ok-ink); border-color: #8fd19e; }
.status.red { background: var(--bad-bg); color: var(--bad-ink); border-color: #f0a58a; }
.status.stopped { background: var(--warn-bg); color: var(--warn-ink); border-color: #e6c200; }
.status ul { margin: 4px 0 0; }
.status a { color: inherit; }
ul.failing { list-style: none; padding: 0; margin: 8px 0 0; }
ul.failing li { margin: 3px 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.summary h2 { margin-top: 18px; }
.summary h3#why-rejected { margin: 6px 0 2px; font-size: 14px; }
ul.why400 { max-height: 96px; overflow-y: auto; margin: 0 0 8px; padding-left: 18px; font-size: 12.5px; line-height: 1.4; }
ul.why400 li { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
ul.why400 .msg { color: var(--muted); }
ul.said-once { font-size: 13px; }
.said { font-family: var(--mono); font-size: 11.5px; }
.requires { display: flex; gap: 20px; align-items: flex-start; flex-wrap: wrap; }
.requires table.roles { flex: 1 1 560px; width: auto; }
.requires table.roles td.why { font-size: 12.5px; color: var(--muted); }
figure.rule-grid { margin: 6px 0; flex: 0 0 auto; }
figure.rule-grid figcaption { font-size: 12px; color: var(--muted); max-width: 340px; }
table.kmap { width: auto; border-collapse: collapse; margin: 0; }
table.kmap th, table.kmap td { padding: 1px 6px; text-align: center; font-size: 12px; }
table.kmap th.field { font-family: var(--mono); font-weight: 600; background: var(--panel); }
table.kmap thead tr:last-child th.field { writing-mode: vertical-rl; transform: rotate(180deg); text-align: left; padding: 6px 2px; }
table.kmap td.on { color: #0a4f9e; font-weight: 700; }
table.kmap td.off { color: #b3bcc6; }
table.kmap td.corner { border: none; }
table.kmap td.cell { width: 30px; height: 26px; font-weight: 700; font-size: 14px; }
table.kmap td.cell.unsent { background: #fafafa; color: #999; }
td.drifted, tr.drifted td { outline: 2px solid var(--bad-ink); outline-offset: -2px; }
table.grid tr.band th { background: #fff; font-weight: 600; padding-top: 10px; border-left: none; border-right: none; }
.was { color: var(--bad-ink); font-weight: 600; font-size: 12.5px; }
table.grid td.baseline { color: var(--bad-ink); font-weight: 600; }
.range { display: flex; width: 220px; height: 12px; border: 1px solid var(--line); border-radius: 3px; overflow: hidden; background: #fafafa; }
.range .acc { background: #2da44e; }
.range .gap { background: #d1d9e0; }
.range .ref { background: #cf4a1f; }
.range-words { font-size: 12px; color: var(--muted); }
td.range-cell { white-space: nowrap; }
details.suite { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; padding: 0 10px; }
details.suite > summary { cursor: pointer; padding: 6px 0; }
details.suite[open] > summary { border-bottom: 1px solid var(--line); margin-bottom: 6px; }
.controls { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 8px 0; }
.controls input[type=search] { flex: 1 1 260px; padding: 4px 8px; font: inherit; border: 1px solid var(--line); border-radius: 6px; }
.controls label { cursor: pointer; }
.controls button { font: inherit; font-size: 12.5px; padding: 2px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--panel); cursor: pointer; }
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
.example { border: 1px solid var(--line); border-radius: 8px; padding: 4px 14px; margin: 8px 0; }
.example > summary { cursor: pointer; padding: 4px 0; font-weight: 600; }
.example[open] { padding-bottom: 10px; }
details.fold { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; padding: 0 10px; }
details.fold > summary { cursor: pointer; padding: 6px 0; }
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
@media print { main { max-width: none; padding: 0; } nav, .controls { display: none; } .example { break-inside: avoid; } details.suite, details.fold, .example { display: block; } }
`;
