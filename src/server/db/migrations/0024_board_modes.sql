ALTER TABLE "boards" ADD COLUMN "mode" text DEFAULT 'sweepstakes' NOT NULL;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "registration" text;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "beneficiary" text;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "minimum_age" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "free_entries_per_person" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "free_entries_per_board" integer;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "free_entry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "age_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "rules_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_minimum_age_range" CHECK ("boards"."minimum_age" between 18 and 21);--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_free_entries_per_person_range" CHECK ("boards"."free_entries_per_person" between 1 and 10);--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_free_entries_per_board_range" CHECK ("boards"."free_entries_per_board" is null or "boards"."free_entries_per_board" between 1 and 100);
--> statement-breakpoint
-- Existing boards get the mode their settings allow. A board that takes no money at all (the no-amount rule,
-- no checkout) is 'free-to-play'. A board that takes money has no registration on record (the column is
-- new), so it cannot be a charitable raffle: it is a 'sweepstakes', whose free method of entry is offered
-- from now on. The seeded spec boards follow the same rule (finals-game-5 and -7 and the demo rounds are
-- free to play; thunder-timberwolves, finals-game-6, the baseball boards and the paid lakers-warriors board
-- are sweepstakes). The demo's charitable raffle (knicks-vs-pacers, with the demo's stated legal name and
-- licence) is set by the demo seed, which runs only with SEED_DEMO: a real board is never made a raffle here.
UPDATE boards SET mode = CASE
    WHEN entry_rule->>'kind' = 'no-amount' AND NOT payment_required THEN 'free-to-play'
    ELSE 'sweepstakes'
  END;
--> statement-breakpoint
-- Free entries and the fan's eligibility (state, ticks) are written by the claim itself, under the board's
-- lock: the free-entry limits per phone number and per board hold under concurrency on every instance.
-- Everything else is the claim of 0014_entry_limits.sql unchanged (the latest before this one): the replay
-- check, capacity and the per-phone entry limit, paid holds ('held' until p_held_until), released entries
-- counting towards nothing, one pg_notify of the claimed cells. Free entries count towards the phone limit too.
DROP FUNCTION IF EXISTS fangrid_claim(uuid, integer, integer, text, text, text, text, text[], integer, text, text, text, text, text, text, timestamptz, timestamptz, integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fangrid_claim(
  p_board uuid,
  p_cells integer,
  p_capacity integer,
  p_topic text,
  p_user text,
  p_phone text,
  p_nickname text,
  p_codes text[],
  p_amount integer,
  p_team_support text,
  p_organization text,
  p_referral text,
  p_game_code text,
  p_ticket text,
  p_key text,
  p_created timestamptz,
  p_held_until timestamptz,
  p_phone_limit integer,
  p_free boolean,
  p_free_person_limit integer,
  p_free_board_limit integer,
  p_state text,
  p_age_confirmed_at timestamptz,
  p_rules_accepted_at timestamptz
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_existing record;
  v_count integer;
  v_phone_count integer;
  v_free_count integer;
  v_code text;
  v_id uuid;
  v_cells json;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_board::text));

  SELECT e.id, e.code, e.ticket_number, e.amount_cents, e.status INTO v_existing
  FROM entries e WHERE e.board_id = p_board AND e.idempotency_key = p_key;
  IF FOUND THEN
    RETURN json_build_object(
      'status', 'replay', 'id', v_existing.id, 'entry_status', v_existing.status, 'code', v_existing.code, 'ticket', v_existing.ticket_number,
      'amount', v_existing.amount_cents,
      'cells', (SELECT coalesce(json_agg(cell ORDER BY cell), '[]'::json) FROM board_cells WHERE entry_id = v_existing.id));
  END IF;

  SELECT count(*) INTO v_count FROM entries WHERE board_id = p_board AND status <> 'released';
  IF v_count >= p_capacity THEN
    RETURN json_build_object('status', 'full');
  END IF;

  -- Counted under the board's lock, so concurrent entries with one number never pass the limit together.
  IF p_phone_limit IS NOT NULL AND p_phone IS NOT NULL THEN
    SELECT count(*) INTO v_phone_count FROM entries
    WHERE board_id = p_board AND phone = p_phone AND status <> 'released';
    IF v_phone_count >= p_phone_limit THEN
      RETURN json_build_object('status', 'phone-limit', 'limit', p_phone_limit);
    END IF;
  END IF;

  -- Free entries (sweepstakes): per phone number and per board, counted under the board's lock like the
  -- phone limit, so two requests at once never both pass a limit.
  IF p_free THEN
    IF p_phone IS NOT NULL AND p_free_person_limit IS NOT NULL THEN
      SELECT count(*) INTO v_free_count FROM entries
      WHERE board_id = p_board AND phone = p_phone AND free_entry AND status <> 'released';
      IF v_free_count >= p_free_person_limit THEN
        RETURN json_build_object('status', 'free-person-limit', 'limit', p_free_person_limit);
      END IF;
    END IF;
    IF p_free_board_limit IS NOT NULL THEN
      SELECT count(*) INTO v_free_count FROM entries
      WHERE board_id = p_board AND free_entry AND status <> 'released';
      IF v_free_count >= p_free_board_limit THEN
        RETURN json_build_object('status', 'free-board-limit', 'limit', p_free_board_limit);
      END IF;
    END IF;
  END IF;

  SELECT t.c INTO v_code FROM unnest(p_codes) WITH ORDINALITY AS t(c, i)
  WHERE NOT EXISTS (SELECT 1 FROM entries WHERE board_id = p_board AND code = t.c)
  ORDER BY t.i LIMIT 1;
  IF v_code IS NULL THEN
    RETURN json_build_object('status', 'no-code');
  END IF;

  INSERT INTO entries (board_id, user_id, phone, nickname, code, amount_cents, team_support, organization,
                       referral_code, game_code, ticket_number, idempotency_key, created_at, status, held_until,
                       free_entry, state, age_confirmed_at, rules_accepted_at)
  VALUES (p_board, p_user, p_phone, p_nickname, v_code, p_amount, p_team_support, p_organization,
          p_referral, p_game_code, p_ticket, p_key, p_created,
          CASE WHEN p_held_until IS NULL THEN 'confirmed' ELSE 'held' END, p_held_until,
          coalesce(p_free, false), p_state, p_age_confirmed_at, p_rules_accepted_at)
  RETURNING id INTO v_id;

  WITH claimed AS (
    INSERT INTO board_cells (board_id, cell, entry_id)
    SELECT p_board, c, v_id FROM generate_series(0, 99) AS c
    WHERE NOT EXISTS (SELECT 1 FROM board_cells b WHERE b.board_id = p_board AND b.cell = c)
    ORDER BY random() LIMIT p_cells
    RETURNING cell
  )
  SELECT coalesce(json_agg(cell ORDER BY cell), '[]'::json) INTO v_cells FROM claimed;
  IF json_array_length(v_cells) < p_cells THEN
    RAISE EXCEPTION 'fangrid_claim: board % is full', p_board USING ERRCODE = 'P0001';
  END IF;

  PERFORM pg_notify('fangrid_events',
    json_build_object('topic', p_topic, 'data', json_build_object('cells', v_cells, 'code', v_code))::text);
  RETURN json_build_object('status', 'ok', 'id', v_id, 'code', v_code, 'cells', v_cells, 'count', v_count + 1);
END
$$;
