
0
cConst*
dtype0*
valueB€”λά