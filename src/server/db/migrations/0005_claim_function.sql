-- The whole claim of a board entry in one call (bench/claims): take the board's lock, return the
-- earlier entry for a replayed idempotency key, refuse a full board, pick the first free code among the
-- candidates, insert the entry, place it on random free cells and NOTIFY live viewers. Each statement
-- inside runs on a fresh snapshot, so after the lock it sees every committed claim; the
-- (board_id, cell) primary key still makes a double hold impossible.
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
  p_created timestamptz
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_existing record;
  v_count integer;
  v_code text;
  v_id uuid;
  v_cells json;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_board::text));

  SELECT e.id, e.code, e.ticket_number, e.amount_cents INTO v_existing
  FROM entries e WHERE e.board_id = p_board AND e.idempotency_key = p_key;
  IF FOUND THEN
    RETURN json_build_object(
      'status', 'replay', 'id', v_existing.id, 'code', v_existing.code, 'ticket', v_existing.ticket_number,
      'amount', v_existing.amount_cents,
      'cells', (SELECT coalesce(json_agg(cell ORDER BY cell), '[]'::json) FROM board_cells WHERE entry_id = v_existing.id));
  END IF;

  SELECT count(*) INTO v_count FROM entries WHERE board_id = p_board;
  IF v_count >= p_capacity THEN
    RETURN json_build_object('status', 'full');
  END IF;

  SELECT t.c INTO v_code FROM unnest(p_codes) WITH ORDINALITY AS t(c, i)
  WHERE NOT EXISTS (SELECT 1 FROM entries WHERE board_id = p_board AND code = t.c)
  ORDER BY t.i LIMIT 1;
  IF v_code IS NULL THEN
    RETURN json_build_object('status', 'no-code');
  END IF;

  INSERT INTO entries (board_id, user_id, phone, nickname, code, amount_cents, team_support, organization,
                       referral_code, game_code, ticket_number, idempotency_key, created_at)
  VALUES (p_board, p_user, p_phone, p_nickname, v_code, p_amount, p_team_support, p_organization,
          p_referral, p_game_code, p_ticket, p_key, p_created)
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
