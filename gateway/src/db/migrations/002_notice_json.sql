-- A notice carries its own JSON, written when the notice is written (decision 0017,
-- docs/performance.md lever 19). The list's statement then only concatenates
-- `json_head || read_flag || json_tail` per notice instead of escaping and formatting four
-- fields on every request, and the text is ASCII only, which node-pg decodes about 20 times
-- faster than text with Chinese characters in it.

-- `s` as a JSON string literal in ASCII: what `to_json` writes, with every character from
-- U+0080 on as \uXXXX (a surrogate pair above U+FFFF), as Python's json.dumps does by default.
-- JSON.parse reads it as the same string. E'\\u' is a backslash and a u whatever
-- standard_conforming_strings says.
create function json_ascii(s text) returns text
  language sql immutable strict parallel safe
  as $$
    select string_agg(
             case
               when ascii(c) < 128 then c
               when ascii(c) < 65536 then E'\\u' || lpad(to_hex(ascii(c)), 4, '0')
               else E'\\u' || to_hex(55296 + ((ascii(c) - 65536) >> 10))
                 || E'\\u' || to_hex(56320 + ((ascii(c) - 65536) & 1023))
             end, '' order by i)
      from regexp_split_to_table(to_json(s)::text, '') with ordinality as t (c, i)
  $$;

-- A notice as the JSON text of contract `Notice`, in its key order, around its read flag
-- (the only field that changes once written): json_head || read_flag || json_tail.
-- `linkUrl` only when set. UTC wall time + 8 h is Shanghai's (no daylight saving; time.ts).
alter table notices add column json_head text, add column json_tail text;

create function notices_json() returns trigger
  language plpgsql
  as $$
    begin
      new.json_head := '{"id":' || new.id || ',"title":' || json_ascii(new.title)
        || ',"content":' || json_ascii(new.content) || ',"noticeType":' || json_ascii(new.notice_type)
        || ',"readFlag":';
      new.json_tail := ',"createTime":"'
        || to_char(new.create_time at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS') || '"'
        || coalesce(',"linkUrl":' || json_ascii(new.link_url), '') || '}';
      return new;
    end
  $$;

create trigger notices_json
  before insert or update of id, title, content, notice_type, link_url, create_time on notices
  for each row execute function notices_json();

-- The notices written before this migration.
update notices set id = id;
alter table notices alter column json_head set not null, alter column json_tail set not null;
