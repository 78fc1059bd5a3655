--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: _sqlx_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public._sqlx_migrations (
    version bigint NOT NULL,
    description text NOT NULL,
    installed_on timestamp with time zone DEFAULT now() NOT NULL,
    success boolean NOT NULL,
    checksum bytea NOT NULL,
    execution_time bigint NOT NULL
);


--
-- Name: game_players; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game_players (
    game_id text NOT NULL,
    seat text NOT NULL,
    pos bigint NOT NULL,
    player_id text NOT NULL,
    verdict text
);


--
-- Name: games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games (
    id text NOT NULL,
    variant text NOT NULL,
    options text NOT NULL,
    start_position text NOT NULL,
    seats text NOT NULL,
    result text,
    reason text,
    winners text,
    started_at bigint NOT NULL,
    finished_at bigint
);


--
-- Name: moves; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.moves (
    game_id text NOT NULL,
    ply bigint NOT NULL,
    seat text NOT NULL,
    notation text NOT NULL,
    clock_ms bigint,
    at bigint NOT NULL
);


--
-- Name: players; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.players (
    id text NOT NULL,
    name text NOT NULL,
    token_hash text NOT NULL,
    created_at bigint NOT NULL
);


--
-- Name: room_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.room_log (
    room_id text NOT NULL,
    seq bigint NOT NULL,
    at bigint NOT NULL,
    actor text NOT NULL,
    command text NOT NULL
);


--
-- Name: rooms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rooms (
    id text NOT NULL,
    variant text NOT NULL,
    options text NOT NULL,
    host text NOT NULL,
    host_name text NOT NULL,
    visibility text NOT NULL,
    invite_code text,
    time_control text NOT NULL,
    grace_ms bigint NOT NULL,
    state text NOT NULL,
    created_at bigint NOT NULL
);


--
-- Data for Name: _sqlx_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public._sqlx_migrations VALUES (1, 'init', '2026-11-28 07:44:48.983309+00', true, '\xf229b23a9bbb4a40072c10ab3c38242fddb096d3ad308357627ff99875c9f27213e29d684a611c5a884942a019c8dba4', 69035841);


--
-- Data for Name: game_players; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.game_players VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 'white', 0, '0e32af06-b238-4725-9671-ba5b1977a9b2', 'loss');
INSERT INTO public.game_players VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 'black', 1, 'fccfd9fd-4590-4509-b5ab-c29eb64a831d', 'win');
INSERT INTO public.game_players VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 'white', 0, 'e6f8c414-e03d-4689-be52-f9a6e026ed74', NULL);
INSERT INTO public.game_players VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 'black', 1, '0f4df569-272a-40cb-add4-5f2bb5391cd7', NULL);


--
-- Data for Name: games; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.games VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 'stockholm', '{}', 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8', '{"black":{"bot":null,"name":"Guest-fccfd9","player":"fccfd9fd-4590-4509-b5ab-c29eb64a831d"},"white":{"bot":null,"name":"Guest-0e32af","player":"0e32af06-b238-4725-9671-ba5b1977a9b2"}}', '{"winners":["black"],"reason":"resigned","seats":{"white":{"verdict":"loss","reason":"resigned"},"red":null,"green":null,"black":{"verdict":"win","reason":"resigned"}},"finishing_order":[["black"],["white"]],"winning_team":null}', 'resigned', 'black', 1795851889190, 1795851889366);
INSERT INTO public.games VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 'giveandtake', '{}', 'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7', '{"black":{"bot":null,"name":"Guest-0f4df5","player":"0f4df569-272a-40cb-add4-5f2bb5391cd7"},"white":{"bot":null,"name":"Guest-e6f8c4","player":"e6f8c414-e03d-4689-be52-f9a6e026ed74"}}', NULL, NULL, NULL, 1795851889490, NULL);


--
-- Data for Name: moves; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.moves VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 0, 'white', 'a3-b4', NULL, 1795851889198);
INSERT INTO public.moves VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 1, 'black', 'b6-c5', NULL, 1795851889246);
INSERT INTO public.moves VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 2, 'white', 'c3-d4', NULL, 1795851889254);
INSERT INTO public.moves VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 3, 'black', 'c5xa3', NULL, 1795851889310);
INSERT INTO public.moves VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 4, 'white', 'b2-c3', NULL, 1795851889314);
INSERT INTO public.moves VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 5, 'black', 'a3-b2', NULL, 1795851889358);
INSERT INTO public.moves VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 6, 'white', 'resign white', NULL, 1795851889366);
INSERT INTO public.moves VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 0, 'white', 'a3-a4', NULL, 1795851889503);
INSERT INTO public.moves VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 1, 'black', 'a6-a5', NULL, 1795851889558);
INSERT INTO public.moves VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 2, 'white', 'a4xa6xa8', NULL, 1795851889562);
INSERT INTO public.moves VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 3, 'black', 'b6-b5', NULL, 1795851889610);


--
-- Data for Name: players; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.players VALUES ('0e32af06-b238-4725-9671-ba5b1977a9b2', 'Guest-0e32af', '2743b5db4ad9dde484fd4161de326dbf68bee12d1e130004d4a5ddef7306153f', 1795851889087);
INSERT INTO public.players VALUES ('fccfd9fd-4590-4509-b5ab-c29eb64a831d', 'Guest-fccfd9', 'e6f1b22f03be7b2e4c64c64f4ebf73376546b0283ecc38ec817181fc7a8c6c8e', 1795851889090);
INSERT INTO public.players VALUES ('e6f8c414-e03d-4689-be52-f9a6e026ed74', 'Guest-e6f8c4', '1e52d7a13f5ed460af5e4b2ab0c94d09e7cf2dcb847ed0bbf5be7f3f74173b10', 1795851889414);
INSERT INTO public.players VALUES ('0f4df569-272a-40cb-add4-5f2bb5391cd7', 'Guest-0f4df5', 'ec7a396ce29654bf8e0441e2e46555bf5e3e4195b2daf135ad29e30cbe20372c', 1795851889422);


--
-- Data for Name: room_log; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.room_log VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 0, 1795851889106, '{"kind":"player","who":{"id":"0e32af06-b238-4725-9671-ba5b1977a9b2","name":"Guest-0e32af"}}', '{"type":"take_seat","seat":"white"}');
INSERT INTO public.room_log VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 1, 1795851889122, '{"kind":"player","who":{"id":"0e32af06-b238-4725-9671-ba5b1977a9b2","name":"Guest-0e32af"}}', '{"type":"disconnect"}');
INSERT INTO public.room_log VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 2, 1795851889127, '{"kind":"player","who":{"id":"0e32af06-b238-4725-9671-ba5b1977a9b2","name":"Guest-0e32af"}}', '{"type":"connect"}');
INSERT INTO public.room_log VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 3, 1795851889139, '{"kind":"player","who":{"id":"fccfd9fd-4590-4509-b5ab-c29eb64a831d","name":"Guest-fccfd9"}}', '{"type":"take_seat","seat":"black"}');
INSERT INTO public.room_log VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 4, 1795851889190, '{"kind":"player","who":{"id":"0e32af06-b238-4725-9671-ba5b1977a9b2","name":"Guest-0e32af"}}', '{"type":"start","first":{"lot":3569004064895180342}}');
INSERT INTO public.room_log VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 5, 1795851889198, '{"kind":"player","who":{"id":"0e32af06-b238-4725-9671-ba5b1977a9b2","name":"Guest-0e32af"}}', '{"type":"move","text":"a3-b4"}');
INSERT INTO public.room_log VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 6, 1795851889246, '{"kind":"player","who":{"id":"fccfd9fd-4590-4509-b5ab-c29eb64a831d","name":"Guest-fccfd9"}}', '{"type":"move","text":"b6-c5"}');
INSERT INTO public.room_log VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 7, 1795851889254, '{"kind":"player","who":{"id":"0e32af06-b238-4725-9671-ba5b1977a9b2","name":"Guest-0e32af"}}', '{"type":"move","text":"c3-d4"}');
INSERT INTO public.room_log VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 8, 1795851889310, '{"kind":"player","who":{"id":"fccfd9fd-4590-4509-b5ab-c29eb64a831d","name":"Guest-fccfd9"}}', '{"type":"move","text":"c5xa3"}');
INSERT INTO public.room_log VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 9, 1795851889314, '{"kind":"player","who":{"id":"0e32af06-b238-4725-9671-ba5b1977a9b2","name":"Guest-0e32af"}}', '{"type":"move","text":"b2-c3"}');
INSERT INTO public.room_log VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 10, 1795851889358, '{"kind":"player","who":{"id":"fccfd9fd-4590-4509-b5ab-c29eb64a831d","name":"Guest-fccfd9"}}', '{"type":"move","text":"a3-b2"}');
INSERT INTO public.room_log VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 11, 1795851889366, '{"kind":"player","who":{"id":"0e32af06-b238-4725-9671-ba5b1977a9b2","name":"Guest-0e32af"}}', '{"type":"resign"}');
INSERT INTO public.room_log VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 0, 1795851889431, '{"kind":"player","who":{"id":"e6f8c414-e03d-4689-be52-f9a6e026ed74","name":"Guest-e6f8c4"}}', '{"type":"take_seat","seat":"white"}');
INSERT INTO public.room_log VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 1, 1795851889434, '{"kind":"player","who":{"id":"e6f8c414-e03d-4689-be52-f9a6e026ed74","name":"Guest-e6f8c4"}}', '{"type":"disconnect"}');
INSERT INTO public.room_log VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 2, 1795851889438, '{"kind":"player","who":{"id":"e6f8c414-e03d-4689-be52-f9a6e026ed74","name":"Guest-e6f8c4"}}', '{"type":"connect"}');
INSERT INTO public.room_log VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 3, 1795851889442, '{"kind":"player","who":{"id":"0f4df569-272a-40cb-add4-5f2bb5391cd7","name":"Guest-0f4df5"}}', '{"type":"take_seat","seat":"black"}');
INSERT INTO public.room_log VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 4, 1795851889490, '{"kind":"player","who":{"id":"e6f8c414-e03d-4689-be52-f9a6e026ed74","name":"Guest-e6f8c4"}}', '{"type":"start","first":{"lot":3649953614529137510}}');
INSERT INTO public.room_log VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 5, 1795851889503, '{"kind":"player","who":{"id":"e6f8c414-e03d-4689-be52-f9a6e026ed74","name":"Guest-e6f8c4"}}', '{"type":"move","text":"a3-a4"}');
INSERT INTO public.room_log VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 6, 1795851889558, '{"kind":"player","who":{"id":"0f4df569-272a-40cb-add4-5f2bb5391cd7","name":"Guest-0f4df5"}}', '{"type":"move","text":"a6-a5"}');
INSERT INTO public.room_log VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 7, 1795851889562, '{"kind":"player","who":{"id":"e6f8c414-e03d-4689-be52-f9a6e026ed74","name":"Guest-e6f8c4"}}', '{"type":"move","text":"a4xa6xa8"}');
INSERT INTO public.room_log VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 8, 1795851889610, '{"kind":"player","who":{"id":"0f4df569-272a-40cb-add4-5f2bb5391cd7","name":"Guest-0f4df5"}}', '{"type":"move","text":"b6-b5"}');


--
-- Data for Name: rooms; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rooms VALUES ('05441225-ef87-4674-9841-e9b90dff028a', 'stockholm', '{}', '0e32af06-b238-4725-9671-ba5b1977a9b2', 'Guest-0e32af', 'public', NULL, '{"kind":"none"}', 60000, 'finished', 1795851889106);
INSERT INTO public.rooms VALUES ('2d1299a0-c1b0-4559-8ca9-196189c15e1c', 'giveandtake', '{}', 'e6f8c414-e03d-4689-be52-f9a6e026ed74', 'Guest-e6f8c4', 'public', NULL, '{"kind":"none"}', 60000, 'playing', 1795851889431);


--
-- Name: _sqlx_migrations _sqlx_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public._sqlx_migrations
    ADD CONSTRAINT _sqlx_migrations_pkey PRIMARY KEY (version);


--
-- Name: game_players game_players_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_players
    ADD CONSTRAINT game_players_pkey PRIMARY KEY (game_id, seat);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);


--
-- Name: moves moves_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moves
    ADD CONSTRAINT moves_pkey PRIMARY KEY (game_id, ply);


--
-- Name: players players_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.players
    ADD CONSTRAINT players_pkey PRIMARY KEY (id);


--
-- Name: players players_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.players
    ADD CONSTRAINT players_token_hash_key UNIQUE (token_hash);


--
-- Name: room_log room_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.room_log
    ADD CONSTRAINT room_log_pkey PRIMARY KEY (room_id, seq);


--
-- Name: rooms rooms_invite_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rooms
    ADD CONSTRAINT rooms_invite_code_key UNIQUE (invite_code);


--
-- Name: rooms rooms_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rooms
    ADD CONSTRAINT rooms_pkey PRIMARY KEY (id);


--
-- Name: game_players_player; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX game_players_player ON public.game_players USING btree (player_id, game_id);


--
-- Name: games_started; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_started ON public.games USING btree (started_at, id);


--
-- Name: games_variant_started; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_variant_started ON public.games USING btree (variant, started_at);


--
-- Name: rooms_state; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rooms_state ON public.rooms USING btree (state, created_at);


--
-- Name: game_players game_players_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_players
    ADD CONSTRAINT game_players_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: moves moves_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moves
    ADD CONSTRAINT moves_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: room_log room_log_room_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.room_log
    ADD CONSTRAINT room_log_room_id_fkey FOREIGN KEY (room_id) REFERENCES public.rooms(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


