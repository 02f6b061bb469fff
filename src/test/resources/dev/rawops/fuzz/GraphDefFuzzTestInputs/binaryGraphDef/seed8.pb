
/
cConst*
dtype0*
valueB:

yIdentityc:٠*
T0