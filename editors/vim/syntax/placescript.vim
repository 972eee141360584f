" Vim syntax file for placeshell scripts (*.placescript).
" Generated from placeshell's command table (Sources/PlaceScript/Output/EditorSyntax.swift);
" do not edit: PLACESHELL_RECORD=1 swift test --filter EditorSyntaxTests writes it again.
if exists("b:current_syntax")
  finish
endif

syn match placescriptComment "#.*$" contains=@Spell
syn match placescriptDirective "^#|.*$"
syn region placescriptString start=+"+ skip=+\\.+ end=+"+ oneline
syn region placescriptString start=+'+ end=+'+ oneline
syn match placescriptArgument "\$\%(\d\+\|{[^}]*}\|#\|@\|\*\)"
syn match placescriptNumber "-\=\<\d\+\%(\.\d\+\)\=\%([eE][-+]\=\d\+\)\=\%(km/h\|m/s\|km\|min\|ms\|deg\|m\|s\|h\|%\)\="
syn match placescriptOption "\%(^\|\s\)\zs--\=\a[-a-zA-Z]*"
syn match placescriptOperator "==\|!=\|<=\|>=\|\~=\|<\|>"
syn keyword placescriptOperator contains matches within near
syn keyword placescriptConstant true false nil on off
syn match placescriptCommand "\%(^\|;\)\s*\zs\%(mylocation\|ratelimit\|terminate\|getplace\|location\|snapshot\|tutorial\|compare\|explain\|history\|markers\|network\|project\|version\|apikey\|camera\|events\|expect\|export\|faults\|fields\|launch\|likely\|locate\|nearby\|picker\|places\|record\|select\|source\|status\|plist\|reset\|route\|stats\|trace\|unset\|auth\|back\|echo\|exit\|fail\|help\|hint\|kill\|live\|load\|quit\|save\|show\|step\|wait\|zoom\|app\|log\|map\|pan\|run\|sdk\|set\|tap\|st\|\.\|?\)\ze\%(\s\|;\|$\)"
syn keyword placescriptSubcommand add allow always back background billing call cancel deny export fields find foreground generate geojson goto gpx headers hint info language legacy list load location map maps marker max near never next off on places precise primary radius rank region remove reset restart restrict run services show simctl start status stop types unknown

hi def link placescriptComment Comment
hi def link placescriptDirective PreProc
hi def link placescriptString String
hi def link placescriptArgument Identifier
hi def link placescriptNumber Number
hi def link placescriptOption Special
hi def link placescriptOperator Operator
hi def link placescriptConstant Constant
hi def link placescriptCommand Statement
hi def link placescriptSubcommand Type

let b:current_syntax = "placescript"
