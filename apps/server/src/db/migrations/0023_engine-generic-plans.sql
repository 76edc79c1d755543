-- The engine's two entry points plan their statements once per connection, and never compile them
-- (docs/decisions/0008 §13). Profiled at 08:40 UTC on 2026-11-24 (perf over the submit benchmark):
--  * PostgreSQL re-planned the statements inside engine_record_completion / engine_state on every call —
--    11 % of its CPU in the planner. A plpgsql statement gets a custom plan while the generic one is
--    estimated dearer, and here it always is (the per-reward subplans over jsonb_array_elements are costed
--    at 100 rows). Their generic plans are the ones wanted: every lookup is by participant, campaign mission
--    or reward through its index, and the code claim walks the partial index of unissued codes.
--  * Their estimated cost crossed jit_above_cost, so a call sometimes spent tens to hundreds of ms compiling
--    its plan with LLVM (6 % of CPU, the 0.6–1 s maximum latencies). JIT pays off for one long analytic
--    query, never for a statement of a few hundred microseconds.
-- A SET clause holds for the function's whole call, so the statements of the functions it calls
-- (reward_code_claim, reward_budget_take, the ledger trigger) are planned the same way.
ALTER FUNCTION engine_record_completion(jsonb) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION engine_record_completion(jsonb) SET jit = off;
--> statement-breakpoint
ALTER FUNCTION engine_state(jsonb) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION engine_state(jsonb) SET jit = off;
