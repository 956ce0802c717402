"""What a run writes and reads: the hand records (the binary format of docs/RECORDS.md,
:mod:`~wuhanmj.files.records`; JSON lines and the choice between the two,
:mod:`~wuhanmj.files.recordio`; the JSON record of one hand,
:mod:`~wuhanmj.files.handrecord`; records made from the native engine's arrays,
:mod:`~wuhanmj.files.native_records`), the HTML report (:mod:`~wuhanmj.files.report`)
and the output paths (:mod:`~wuhanmj.files.paths`).

Each module is imported on its own; this package imports none of them.
"""
