-- Raw baseline for the write benchmark (pgbench -f): one small row a transaction.
INSERT INTO voicelog_bench_raw (text, fields) VALUES ('steps ' || (random() * 1000000)::int, '{"steps": 1}');
