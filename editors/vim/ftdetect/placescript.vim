" placeshell scripts: *.placescript, and files that start with a placeshell #! line.
autocmd BufRead,BufNewFile *.placescript setfiletype placescript
autocmd BufRead,BufNewFile * if getline(1) =~# '^#!.*\<placeshell\>' | setfiletype placescript | endif
