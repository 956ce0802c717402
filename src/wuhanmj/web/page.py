"""The web table's page: one self-contained HTML document (inline CSS and JS, no network
but its own server), served at ``/`` by :mod:`wuhanmj.web.app`.

At ``/`` the page starts a game (``POST /api/games`` with the URL's ``seed``, ``rules``,
``agents`` and ``seat`` parameters, when given) and moves to the game's own URL,
``/game/{id}`` (without a reload); at ``/game/{id}`` it resumes that game, so a reload or a
second tab shows the same game (every tab follows each move). It opens the game's
websocket (``/ws/{id}``) and draws
every state it receives: the table (the server's SVG of the person's view), one button per
legal action (discards show their tile; an illegal action is never offered), a hint
button, the log of public events, and at the end of a hand the scoring sheet, a link to
download the hand's record (for ``wuhanmj replay FILE --html``) and a button for the next
hand. Errors from the server are shown in a bar and change nothing; a hand ended by a
bot's failure shows what failed and the button for the next hand. The page fits a
narrow screen (a phone, 420 px): the events go below the table.

Elements tests and scripts may rely on: ``#table``, ``button.act`` (``data-code``,
``data-kind``), ``#hint-button``, ``#hint``, ``#status``, ``#log``, ``#result`` (hidden until
the hand is over; it holds the sheet with ``tr[data-seat][data-payment]``), ``#record``,
``#next``, ``#error``, ``#fault``; ``body[data-version]``, ``body[data-game]``, ``body[data-over]``.
"""

from __future__ import annotations

from html import escape

from ..render.sheet import SHEET_CSS
from ..render.tiles import FONT

__all__ = ["page_html"]

_CSS = """
body{margin:0;background:#e9e4d6;font-family:%(font)s;color:#1b1b1b}
header{display:flex;flex-wrap:wrap;gap:14px;align-items:baseline;padding:10px 16px 2px 16px}
header h1{font-size:19px;margin:0}
#info{font-size:13.5px;color:#444}
#main{display:flex;flex-wrap:wrap;gap:12px;padding:6px 16px 16px 16px;align-items:flex-start}
#left{flex:1 1 760px;max-width:1120px;min-width:min(520px,100%%);display:flex;flex-direction:column;gap:8px}
#table svg{width:100%%;height:auto;display:block}
aside{flex:0 1 330px;min-width:260px;display:flex;flex-direction:column;gap:10px}
.box{background:#fbf8ef;border:1px solid #cbbf9f;border-radius:8px;padding:8px 10px;font-size:13.5px}
#status{font-weight:bold;font-size:15px}
#actions{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end;min-height:64px}
#actions:empty{min-height:0}
button{font-family:inherit}
button.act{display:flex;flex-direction:column;align-items:center;gap:2px;padding:4px 6px;border-radius:7px;
 border:1px solid #8c7b58;background:#fffdf5;cursor:pointer;font-size:13px}
button.act:hover{background:#fff1c2;border-color:#d49a00}
button.act.other{padding:8px 12px;font-size:15px;font-weight:bold;background:#fff4c2}
button.act svg{display:block}
#hint-button,#next{padding:6px 12px;border-radius:7px;border:1px solid #1558b0;background:#eef4fd;cursor:pointer;
 font-size:14px}
#hint:empty{display:none}
#hint pre{margin:0;white-space:pre-wrap;font-family:inherit}
#log{max-height:430px;overflow-y:auto;margin:0;padding-left:22px;font-size:12.5px}
#error{background:#fde2e1;border:1px solid #c0141c;color:#8d0f15;border-radius:8px;padding:6px 10px;font-size:13.5px}
#error:empty{display:none}
#result[hidden]{display:none}
#result .links{display:flex;gap:12px;align-items:center;margin-top:8px}
#record{font-size:14px}
#sheet{overflow-x:auto}
#fault:empty{display:none}
#fault{color:#8d0f15;font-weight:bold}
@media (max-width:640px){
 header{padding:6px 8px 0 8px;gap:6px} header h1{font-size:16px} #info{font-size:12px}
 #main{padding:4px 6px 10px 6px;gap:8px} #left,aside{flex:1 1 100%%;min-width:0;max-width:100%%}
 button.act{padding:3px 3px} button.act svg{width:27px;height:39px}
 #result .links{flex-wrap:wrap}
}
%(sheet)s
"""

_JS = r"""
(function(){
const $=function(id){return document.getElementById(id);};
let state=null, ws=null;
function showError(msg){$('error').textContent=msg||'';}
function tileSvg(t){
  return '<svg width="36" height="52" viewBox="0 0 36 52" aria-hidden="true"><use href="#wmj-'+t+'"/></svg>';
}
function send(msg){
  showError('');
  if(ws&&ws.readyState===1){ws.send(JSON.stringify(msg));return;}
  fetch('/api/games/'+state.game+'/messages',{method:'POST',headers:{'Content-Type':'application/json'},
    body:JSON.stringify(msg)}).then(function(r){return r.json();}).then(receive)
    .catch(function(e){showError('network: '+e);});
}
function receive(m){
  if(m.type==='error'){showError(m.error);return;}
  if(m.type==='hint'){$('hint').innerHTML='<b>hint 提示</b><pre></pre>';$('hint').querySelector('pre').textContent=m.lines.join('\n');return;}
  if(m.type==='state'){draw(m);}
}
function draw(s){
  state=s;
  document.body.dataset.version=s.version; document.body.dataset.game=s.game; document.body.dataset.over=s.over;
  $('table').innerHTML=s.svg;
  $('info').textContent='hand '+s.hand_no+' · rules '+s.rules+' · you are seat '+s.seat+' · scores '+
    s.scores.map(function(x,i){return 'seat '+i+' '+(x>0?'+':'')+x;}).join('  ');
  const acts=$('actions'); acts.innerHTML='';
  s.actions.forEach(function(a){
    const b=document.createElement('button'); b.className='act'+(a.kind==='discard'?'':' other');
    b.dataset.code=a.code; b.dataset.kind=a.kind; b.title=a.label;
    b.innerHTML=(a.kind==='discard'?tileSvg(a.tile)+'<span>'+a.tile+'</span>':'<span></span>');
    if(a.kind!=='discard'){b.querySelector('span').textContent=a.label;}
    b.addEventListener('click',function(){send({type:'act',code:a.code,version:s.version});});
    acts.appendChild(b);
  });
  $('hint-button').hidden=!s.to_act; $('hint').innerHTML='';
  let st;
  if(s.over){st=s.result.winner===null?'荒庄 draw: nobody wins':s.names[s.result.winner]+' 胡 wins';}
  else if(!s.to_act){st='waiting for the others';}
  else if(s.phase==='claim'||s.phase==='rob'){st=s.claim_tile+' is on the table: claim it or pass';}
  else if(s.phase==='haidi'){st='海底: win or pass';}
  else{st='your turn: 打 choose a tile to discard';}
  if(s.fault){st='the hand ended: bot '+s.fault.bot+' (seat '+s.fault.seat+') failed';}
  $('status').textContent=st;
  $('fault').textContent=s.fault?('the hand ended because a bot failed: '+s.fault.error):'';
  const log=$('log'); log.innerHTML='';
  s.log.forEach(function(line){const li=document.createElement('li');li.textContent=line;log.appendChild(li);});
  log.scrollTop=log.scrollHeight;
  $('record').hidden=!s.over;
  if(s.fault){$('sheet').innerHTML='';$('result').hidden=false;}
  else if(s.over){
    $('sheet').innerHTML=s.sheet; $('record').href=s.record;
    $('record').setAttribute('download','wuhanmj-'+s.game+'-hand-'+s.hand_no+'.jsonl');
    $('result').hidden=false; $('result').scrollIntoView({block:'nearest'});
  } else {$('result').hidden=true;$('sheet').innerHTML='';}
}
function connect(gid){
  const proto=(location.protocol==='https:')?'wss:':'ws:';
  ws=new WebSocket(proto+'//'+location.host+'/ws/'+gid);
  ws.onmessage=function(ev){receive(JSON.parse(ev.data));};
  ws.onclose=function(){ws=null;};
}
$('hint-button').addEventListener('click',function(){send({type:'hint'});});
$('next').addEventListener('click',function(){send({type:'next',version:state.version});});
const here=location.pathname.match(/^\/game\/([A-Za-z0-9_-]+)$/);
if(here){
  fetch('/api/games/'+here[1]).then(function(r){return r.json();})
    .then(function(m){if(m.type==='error'){showError(m.error+' (open / for a new game)');$('status').textContent='no game';return;}
      draw(m); connect(here[1]);})
    .catch(function(e){showError('cannot load the game: '+e);});
} else {
  const q=new URLSearchParams(location.search), body={};
  ['seed','seat'].forEach(function(k){if(q.has(k)){body[k]=parseInt(q.get(k),10);}});
  ['rules','agents'].forEach(function(k){if(q.has(k)){body[k]=q.get(k);}});
  fetch('/api/games',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify(body)})
    .then(function(r){return r.json();})
    .then(function(m){if(m.type==='error'){showError(m.error);return;}
      history.replaceState(null,'','/game/'+m.game); draw(m.state); connect(m.game);})
    .catch(function(e){showError('cannot start a game: '+e);});
}
})();
"""


def page_html(title: str = "wuhanmj · 武汉麻将 web table") -> str:
    """The web table's page (a complete HTML document)."""
    t = escape(title)
    css = _CSS % {"font": FONT, "sheet": SHEET_CSS}
    return f"""<!DOCTYPE html>
<html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{t}</title><style>{css}</style></head>
<body data-version="" data-game="" data-over="">
<header><h1>{t}</h1><span id="info">starting a game…</span></header>
<div id="main">
<div id="left">
<div id="table"></div>
<div class="box"><div id="status">starting…</div></div>
<div id="actions"></div>
<div><button id="hint-button" hidden>提示 hint</button></div>
<div id="error" role="alert"></div>
<div id="result" class="box" hidden><div id="fault"></div><div id="sheet"></div>
<div class="links"><a id="record" href="#">download the hand's record (.jsonl, for wuhanmj replay --html)</a>
<button id="next">next hand 下一局</button></div></div>
</div>
<aside><div class="box" id="hint"></div><div class="box"><b>events</b><ol id="log"></ol></div></aside>
</div>
<script>{_JS}</script>
</body></html>
"""
